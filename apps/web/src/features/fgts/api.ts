import { useQuery } from '@tanstack/react-query';
import type { FgtsPropertyRuleResult } from '@portal/domain/fgts-property-rules';
import type { FgtsEligibility, FgtsSectionKey } from '@portal/domain/fgts-sections';
import type { SectionStatus } from '@portal/domain/sections-registry';
import { apiRequest } from '../../lib/api-client';

export interface FgtsState {
  buyer: number;
  applicable: boolean;
  eligibility: FgtsEligibility;
  steps: { key: FgtsSectionKey; status: SectionStatus; submittedAt: string | null; canEdit: boolean }[];
  next: FgtsSectionKey | null;
  confirmed: boolean;
  /** The screen where this buyer's FGTS stands (what /buyer/fgts/utils opens). */
  resumePath: string;
  /** The FGTS rules on the property; a failed one closes the forms like a failed answer. */
  propertyRules: FgtsPropertyRuleResult[];
}

/** Under ['proposals', …]: a section submit (which invalidates 'proposals') refreshes it. */
export const fgtsStateKey = (proposalId: string, buyer: number) => ['proposals', proposalId, 'fgts', buyer] as const;

export function useFgtsState(proposalId: string | null, buyer: number | null) {
  return useQuery({
    queryKey: fgtsStateKey(proposalId ?? '', buyer ?? -1),
    enabled: proposalId !== null && buyer !== null,
    staleTime: 0,
    queryFn: ({ signal }) =>
      apiRequest<{ data: FgtsState }>(`/proposals/${encodeURIComponent(proposalId!)}/fgts?buyer=${buyer}`, {
        signal,
      }).then((r) => r.data),
  });
}

/** The authorized download of the buyer's filled-in form (Content-Disposition: attachment). */
export const fgtsPdfUrl = (proposalId: string, buyer: number) =>
  `/api/v3/proposals/${encodeURIComponent(proposalId)}/fgts/form.pdf?buyer=${buyer}`;
