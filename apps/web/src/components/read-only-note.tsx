import type { ProposalStatus } from '@portal/domain/proposal';
import { readOnlyReason, type PartyRole } from '@portal/domain/proposal-status';
import { useProposal } from '../lib/proposals-api';
import { PlainAlert } from './plain-alert';

/**
 * Why a screen cannot be changed now and what comes next, in the words every read-only screen uses
 * (packages/domain/src/proposal-status.ts): for screens whose API does not give the reason itself.
 */
export function ReadOnlyNote({ proposalId, party }: { proposalId: string | null; party: PartyRole }) {
  const proposal = useProposal(proposalId);
  const why = proposal.data
    ? readOnlyReason({ status: proposal.data.status as ProposalStatus, party, mayEdit: true })
    : null;
  return (
    <PlainAlert
      type="info"
      className="form-alert read-only-note"
      title={why?.reason ?? 'Esta parte da proposta está fechada para alterações.'}
      description={why?.next}
    />
  );
}
