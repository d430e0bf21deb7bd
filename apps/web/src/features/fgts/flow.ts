import { useSearchParams } from 'react-router';
import { FGTS_STEPS, type FgtsSectionKey } from '@portal/domain/fgts-sections';
import type { Proposal } from '@portal/domain/proposal';
import { isNotFound } from '../../lib/api-client';
import { buyerParam, buyerPositionFromSearch } from '../../lib/buyer-param';
import { useProposal } from '../../lib/proposals-api';
import { readSelectedProposal } from '../../lib/storage';
import { useFgtsState } from './api';

/** The FGTS step's URL for a buyer (?buyer= counts from 1). */
export function fgtsStepUrl(key: FgtsSectionKey, buyer: number, extra = ''): string {
  const step = FGTS_STEPS.find((s) => s.key === key)!;
  return `${step.path}?buyer=${buyerParam(buyer)}${extra}`;
}

/** The buyer a FGTS screen is about: the URL's, or the signed-in buyer's own position. */
export function useFgtsBuyer(proposal: Proposal | undefined): number | null {
  const [search] = useSearchParams();
  const fromUrl = buyerPositionFromSearch(search);
  if (fromUrl !== null) return fromUrl;
  return proposal ? (proposal.customerData?.position ?? 0) : null;
}

/** "Comprador: Nome" when the proposal has two buyers (whose FGTS this is). */
export function buyerSubtitle(proposal: Proposal | undefined, buyer: number | null): string | undefined {
  if (!proposal) return undefined;
  const who = proposal.customers.find((c) => c.position === buyer)?.name;
  return proposal.customers.length > 1 && who
    ? `Comprador: ${who} — proposta ${proposal.code}`
    : `Proposta ${proposal.code}`;
}

/**
 * What every FGTS page starts with: the selected proposal, whose FGTS it is, that buyer's FGTS
 * state, and `lost` when the buyer must choose a proposal first (none chosen, or not theirs).
 */
export function useFgtsScreen() {
  const proposalId = readSelectedProposal();
  const proposal = useProposal(proposalId);
  const buyer = useFgtsBuyer(proposal.data);
  const state = useFgtsState(proposalId, buyer);
  const screen = { proposal, buyer, state };
  return !proposalId || isNotFound(proposal.error)
    ? { ...screen, proposalId, lost: true as const }
    : { ...screen, proposalId, lost: false as const };
}
