import { useParams } from 'react-router';
import { useSection } from '../../lib/sections-api';

/** The submitted values of another seller section of this proposal (null until it is sent). */
export function useSubmittedValues(key: string): Record<string, unknown> | null {
  const proposalId = useParams().proposalId ?? '';
  const query = useSection(proposalId, key, null, { staleTime: 10_000 });
  return query.data?.values ?? null;
}
