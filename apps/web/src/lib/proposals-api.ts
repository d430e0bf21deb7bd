import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Proposal, SellerProposal } from '@portal/domain/proposal';
import { apiRequest } from './api-client';

/*
 * The proposal resource: its query keys, fetchers, query options and hooks
 * (docs/decisions/062-web-data-layer.md). Everything read about one proposal sits under
 * proposalKeys.detail(id): its sections, progress, financing, documents, seller part, insurance,
 * FGTS state and history build their keys on it, so invalidating proposalKeys.all after a change
 * refreshes every number a screen shows.
 */

const all = ['proposals'] as const;
const detail = (id: string | null) => [...all, id] as const;

export const proposalKeys = {
  /** The caller's list (GET /proposals) and the prefix of everything about any proposal. */
  all,
  /** One proposal (GET /proposals/:id) and the prefix of everything about it. */
  detail,
  /** GET /proposals/:id/history. */
  history: (id: string) => [...detail(id), 'history'] as const,
};

/**
 * GET /proposals and GET /proposals/:id. The API answers each caller's own view of a proposal: the
 * whole proposal for buyers, `SellerProposal` (no financing terms, no buyer's e-mail or CPF) for
 * sellers, whose screens ask for that view.
 */
export function getProposals<View extends SellerProposal = Proposal>(signal?: AbortSignal) {
  return apiRequest<{ data: View[] }>('/proposals', { signal }).then((r) => r.data);
}

export const proposalsQueryOptions = <View extends SellerProposal = Proposal>() =>
  queryOptions({ queryKey: proposalKeys.all, queryFn: ({ signal }) => getProposals<View>(signal) });

export function useProposals<View extends SellerProposal = Proposal>() {
  return useQuery(proposalsQueryOptions<View>());
}

export function getProposal<View extends SellerProposal = Proposal>(id: string, signal?: AbortSignal) {
  return apiRequest<{ data: View }>(`/proposals/${encodeURIComponent(id)}`, { signal }).then((r) => r.data);
}

export const proposalQueryOptions = <View extends SellerProposal = Proposal>(id: string | null) =>
  queryOptions({
    queryKey: proposalKeys.detail(id),
    enabled: id !== null,
    queryFn: ({ signal }) => getProposal<View>(id!, signal),
  });

export function useProposal<View extends SellerProposal = Proposal>(id: string | null) {
  return useQuery(proposalQueryOptions<View>(id));
}
