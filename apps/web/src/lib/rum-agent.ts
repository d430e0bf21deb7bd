import { init as initApm } from '@elastic/apm-rum';
import type { RumConfig } from '@portal/domain/monitoring';
import { createRouteTransactions, routePattern, type TransactionLike } from './route-transactions';
import type { MonitoredRouter } from './monitoring';

/**
 * The Elastic APM RUM agent, configured as spec §7 and §9 say. Its own module, imported only when
 * the logger setting is on: importing @elastic/apm-rum patches fetch, XHR and history.
 */
export interface RumAgent {
  captureError(error: unknown): void;
}

/** The screens' loading state (components/page.tsx PageLoading): the page is not ready yet. */
const LOADING_SELECTOR = '.page-loading';

export function startRumAgent(args: { config: RumConfig; router: MonitoredRouter; untitled: string }): RumAgent | null {
  const { config, router, untitled } = args;
  const initial = routePattern(router.state.matches, router.state.location.pathname);
  const apm = initApm({
    serviceName: config.serviceName,
    serverUrl: config.serverUrl,
    environment: config.environment,
    transactionSampleRate: config.transactionSampleRate,
    eventsLimit: config.eventsLimit,
    flushInterval: config.flushInterval,
    // The operator's sampling rate, from GET /api/config/v1/rum/agents (the agent's own 5000 ms
    // timeout is the spec's config fetch timeout).
    centralConfig: true,
    // Route changes come from the router below (named after route patterns), not from pushState.
    disableInstrumentations: ['history'],
    // traceparent goes to our own origin only (the agent's default): no CORS preflight, nothing
    // for the CSP; its own intake and config requests are never traced.
    distributedTracingOrigins: [],
    pageLoadTransactionName: initial,
    logLevel: 'warn',
  });
  if (!apm.isActive()) return null;

  const transactions = createRouteTransactions({
    startTransaction: (name, type, options) =>
      apm.startTransaction(name, type, options) as unknown as TransactionLike | undefined,
    setRoute: (route) => apm.setCustomContext({ route }),
    getTitle: () => document.title,
    untitled,
    isBusy: () => document.querySelector(LOADING_SELECTOR) !== null,
  });

  // document.title lives in <head>; the loading state in <body>. Observed only while a route
  // transaction waits for its screen.
  const titleObserver = new MutationObserver(() => transactions.titleChanged());
  titleObserver.observe(document.head, { subtree: true, childList: true, characterData: true });
  const bodyObserver = new MutationObserver(() => {
    transactions.domChanged();
    if (!transactions.isWaiting()) bodyObserver.disconnect();
  });
  const watchBody = () => bodyObserver.observe(document.body, { subtree: true, childList: true });

  let lastPath = router.state.location.pathname;
  transactions.routeChanged(initial, { titleIsCurrent: true });
  if (transactions.isWaiting()) watchBody();
  router.subscribe((state) => {
    if (state.location.pathname === lastPath) return;
    lastPath = state.location.pathname;
    transactions.routeChanged(routePattern(state.matches, state.location.pathname));
    watchBody();
  });

  return {
    captureError(error) {
      apm.captureError(error instanceof Error || typeof error === 'string' ? error : errorMessage(error));
    },
  };
}

function errorMessage(value: unknown): string {
  if (value && typeof value === 'object') {
    const v = value as { status?: unknown; statusText?: unknown; message?: unknown };
    if (typeof v.message === 'string') return v.message;
    if (v.status !== undefined) return `${String(v.status)} ${String(v.statusText ?? '')}`.trim();
  }
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
