let preload: ((path: string) => void) | null = null;

/** The app shell says how a path's screen is fetched ahead (app/screen-loaders.ts, `prefetchScreenFiles`). */
export function setScreenPreloader(fn: (path: string) => void): void {
  preload = fn;
}

/**
 * Downloads the screen of the step a person is likely to open next, once the browser is idle, so
 * that the next screen draws without waiting for its chunk. Its files are fetched, not run: a phone
 * spends no time on a screen the person may never open.
 */
export function prefetchScreen(path: string | null | undefined): void {
  if (!path || !preload) return;
  const run = preload;
  const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
  idle(() => run(path));
}
