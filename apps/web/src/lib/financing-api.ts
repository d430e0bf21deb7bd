import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FinancingValuesInput } from '@portal/domain/financing-settings';
import type { FinancingView } from '@portal/domain/financing-view';
import { apiRequest } from './api-client';
import { proposalKeys } from './proposals-api';

/** Under the proposal's key: anything that changes the proposal refreshes the numbers. */
export const financingKeys = {
  detail: (proposalId: string) => [...proposalKeys.detail(proposalId), 'financing'] as const,
};

/** The property's values, the installments and the FGTS property rules of a proposal. */
export function getFinancing(proposalId: string, signal?: AbortSignal) {
  return apiRequest<{ data: FinancingView }>(`/proposals/${encodeURIComponent(proposalId)}/financing`, {
    signal,
  }).then((r) => r.data);
}

export const financingQueryOptions = (proposalId: string) =>
  queryOptions({
    queryKey: financingKeys.detail(proposalId),
    queryFn: ({ signal }) => getFinancing(proposalId, signal),
  });

export function useFinancing(proposalId: string | null) {
  return useQuery({ ...financingQueryOptions(proposalId ?? ''), enabled: proposalId !== null });
}

/** The back office saves the purchase price, the appraisal value and the interest rate. */
export function useSaveFinancingValues(proposalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: FinancingValuesInput) =>
      apiRequest(`/backoffice/proposals/${encodeURIComponent(proposalId)}/financing`, { method: 'PUT', body: values }),
    onSuccess: () => client.invalidateQueries({ queryKey: proposalKeys.detail(proposalId) }),
  });
}
