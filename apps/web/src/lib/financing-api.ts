import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FinancingValuesInput } from '@portal/domain/financing-settings';
import type { FinancingView } from '@portal/domain/financing-view';
import { apiRequest } from './api-client';

/** Under ['proposals', …]: anything that changes the proposal refreshes the numbers. */
export const financingKey = (proposalId: string) => ['proposals', proposalId, 'financing'] as const;

/** The property's values, the installments and the FGTS property rules of a proposal. */
export function useFinancing(proposalId: string | null) {
  return useQuery({
    queryKey: financingKey(proposalId ?? ''),
    enabled: proposalId !== null,
    queryFn: ({ signal }) =>
      apiRequest<{ data: FinancingView }>(`/proposals/${encodeURIComponent(proposalId!)}/financing`, { signal }).then(
        (r) => r.data,
      ),
  });
}

/** The back office saves the purchase price, the appraisal value and the interest rate. */
export function useSaveFinancingValues(proposalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: FinancingValuesInput) =>
      apiRequest(`/backoffice/proposals/${encodeURIComponent(proposalId)}/financing`, { method: 'PUT', body: values }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['proposals', proposalId] }),
  });
}
