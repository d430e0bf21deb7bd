import { useSection } from '../../lib/sections-api';
import { readSelectedProposal } from '../../lib/storage';
import { useProposal } from '../../lib/proposals-api';
import { FgtsStepScreen } from './fgts-step-screen';
import { useFgtsBuyer } from './flow';

/** /buyer/fgts/civil-status: the civil status form of FGTS; starts from the buyer's general data. */
export default function FgtsCivilStatusPage() {
  const proposalId = readSelectedProposal();
  const proposal = useProposal(proposalId);
  const buyer = useFgtsBuyer(proposal.data);
  // The buyer's general data section, under that section's own key.
  const data = useSection(proposalId ?? '', 'data', buyer, {
    enabled: proposalId !== null && buyer !== null,
    retry: false,
  });
  if (data.isPending && data.fetchStatus !== 'idle') return null;
  const v = data.data?.values;
  const defaults = v
    ? {
        civil_status: v.civil_status,
        stable_union: v.marriage_union === true,
        marriage_regime: v.marriage_regime,
        marriage_date: typeof v.marriage_date === 'string' ? v.marriage_date.split('-').reverse().join('/') : undefined,
      }
    : undefined;
  return (
    <FgtsStepScreen
      stepKey="fgts_civil_status"
      defaults={defaults ? Object.fromEntries(Object.entries(defaults).filter(([, x]) => x !== undefined)) : undefined}
    />
  );
}
