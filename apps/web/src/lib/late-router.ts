import type { MonitoredRouter } from './route-transactions';

type Listener = Parameters<MonitoredRouter['subscribe']>[0];

let real: MonitoredRouter | null = null;
const listeners = new Map<Listener, (() => void) | null>();

/**
 * The router as the monitoring agent sees it, before the router exists: a first visit to the login
 * screen runs without it (the screen is built without the router), and monitoring starts there
 * all the same. Until the app starts, the location is the browser's and nothing navigates.
 */
export const lateRouter: MonitoredRouter = {
  get state() {
    return real ? real.state : { location: { pathname: window.location.pathname }, matches: [] };
  },
  subscribe(fn) {
    listeners.set(fn, real ? real.subscribe(fn) : null);
    return () => {
      listeners.get(fn)?.();
      listeners.delete(fn);
    };
  },
};

/** The app started: its router takes over, with the listeners that were waiting for it. */
export function attachRouter(router: MonitoredRouter): void {
  real = router;
  for (const fn of listeners.keys()) listeners.set(fn, router.subscribe(fn));
}
