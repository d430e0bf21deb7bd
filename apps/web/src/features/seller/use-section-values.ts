import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { fetchSection, sectionKey } from '../../lib/sections-api';

/** The submitted values of another seller section of this proposal (null until it is sent). */
export function useSubmittedValues(key: string): Record<string, unknown> | null {
  const proposalId = useParams().proposalId ?? '';
  const query = useQuery({
    queryKey: sectionKey(proposalId, key, null),
    queryFn: ({ signal }) => fetchSection(proposalId, key, null, signal),
    staleTime: 10_000,
  });
  return query.data?.values ?? null;
}
