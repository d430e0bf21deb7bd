import { useSyncExternalStore } from 'react';

/** Below antd's `md` breakpoint (768 px): where the back-office lists turn into cards. */
const NARROW = '(max-width: 767.98px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * Whether the screen is narrower than a tablet, read from the media query itself (what antd's
 * `Grid.useBreakpoint().md === false` answered, without antd's grid and its first render as wide).
 */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}
