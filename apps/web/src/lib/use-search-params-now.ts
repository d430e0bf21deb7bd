import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * useSearchParams for inputs whose value lives in the URL (a filter's radio, a sort's select).
 *
 * The router moves to the new URL inside a React transition: the location, and so a value read
 * from it, changes a render later, when React gets to it. A controlled input is put back to its
 * value as soon as its change event ends, so a radio or a select read from the URL jumps back to
 * the old choice and only then to the new one (on a slow phone, for a visible moment). This hook
 * answers the params just set, in the same event, until the router's params change (the
 * navigation landed, or the back button moved elsewhere), and from then on the router's.
 */
export function useSearchParamsNow(): [URLSearchParams, (next: URLSearchParams) => void] {
  const [routed, setRouted] = useSearchParams();
  const routedText = routed.toString();
  // `next`: the params just set, while the router's are still the ones they were set over (`seen`).
  const [pending, setPending] = useState<{ seen: string; next: URLSearchParams | null }>({
    seen: routedText,
    next: null,
  });
  let next = pending.next;
  if (pending.seen !== routedText) {
    // The router moved (to these params, or elsewhere with back or forward): it is right again.
    next = null;
    setPending({ seen: routedText, next: null });
  }
  useEffect(() => {
    // Back or forward: the router's params are right again. The params rendered may not have changed
    // at all (a choice, then back, within one transition: React never drew the choice), so this is
    // not left to the comparison above.
    const drop = () => setPending((p) => (p.next ? { seen: p.seen, next: null } : p));
    window.addEventListener('popstate', drop);
    return () => window.removeEventListener('popstate', drop);
  }, []);
  const set = (params: URLSearchParams) => {
    setPending({ seen: routedText, next: params });
    setRouted(params);
  };
  return [next ?? routed, set];
}
