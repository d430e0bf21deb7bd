import { useDeferredValue, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { QUESTIONNAIRE_ENTRY, screenForCount } from '@portal/domain/insurance-navigation';
import { isNotFound } from '../../lib/api-client';
import { readSelectedProposal } from '../../lib/storage';
import { useClientStore } from '../../lib/store';
import { useInsurance } from './api';

/** A path of the insurance flow, keeping the page's ?buyer= (the back button reads it, docs/product/health-declaration.md). */
export function useInsurancePath() {
  const { search } = useLocation();
  const buyer = new URLSearchParams(search).get('buyer');
  return (path: string, extra: Record<string, string> = {}) => {
    const params = new URLSearchParams(extra);
    if (buyer !== null) params.set('buyer', buyer);
    const query = params.toString();
    return query ? `${path}?${query}` : path;
  };
}

/**
 * What an insurance page may show, by who reaches it: `proposal`, anyone with the proposal;
 * `party`, a party to the health declaration; `consent`, a party who gave the health-data consent.
 */
export type InsuranceAudience = 'proposal' | 'party' | 'consent';

/**
 * The selected proposal's insurance, the paths keeping ?buyer=, and where to send a buyer who may
 * not see this page (null when they may): no proposal chosen, or not theirs → the proposal choice;
 * not a party → the insurance home; no consent yet → the questionnaire's entry (the consent page).
 */
export function useInsuranceScreen(audience: InsuranceAudience) {
  const proposalId = readSelectedProposal();
  const path = useInsurancePath();
  // Drawn in slices when the data arrives (docs/decisions/033-slow-machine-main-thread.md).
  const insurance = useDeferredValue(useInsurance(proposalId));
  const me = insurance.data?.me;
  let redirect: string | null = null;
  if (!proposalId || isNotFound(insurance.error)) redirect = '/buyer/select-proposal';
  else if (!insurance.data || audience === 'proposal') redirect = null;
  else if (audience === 'party' && !me) redirect = path('/buyer/insurance');
  else if (audience === 'consent' && !me?.consent) redirect = path(QUESTIONNAIRE_ENTRY);
  return { proposalId, path, insurance, redirect };
}

/** The insurance pages outside the questions: countQuestion is -1 there (docs/product/health-declaration.md). */
export function useOutsideQuestionnaire() {
  const set = useClientStore((s) => s.set);
  useEffect(() => {
    set({ countQuestion: -1 });
  }, [set]);
}

/**
 * Keeps countQuestion and the question on screen in step (question N ↔ counter N-1): the URL sets
 * the counter; when the navigation bar's back button moves the counter, the screen follows it;
 * leaving the questionnaire sets it back to -1.
 */
export function useQuestionCounter(position: number) {
  const navigate = useNavigate();
  const path = useInsurancePath();
  const count = useClientStore((s) => s.countQuestion);
  const set = useClientStore((s) => s.set);
  const synced = useRef<number | null>(null);
  const previous = useRef(count);

  useEffect(() => {
    synced.current = position - 1;
    set({ countQuestion: position - 1 });
  }, [position, set]);

  useEffect(() => {
    const changed = previous.current !== count;
    previous.current = count;
    // Only a change of the counter that this screen did not make moves the screen.
    if (!changed || synced.current === null || count === synced.current) return;
    synced.current = count;
    navigate(path(screenForCount(count)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [count]);

  useEffect(() => () => set({ countQuestion: -1 }), [set]);
}
