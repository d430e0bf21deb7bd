import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { screenForCount } from '@portal/domain/insurance-navigation';
import { useClientStore } from '../../lib/store';

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
