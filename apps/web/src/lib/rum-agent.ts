import { apmBase as apm, type AgentConfigOptions } from '@elastic/apm-rum';
import type { RumConfig } from '@portal/domain/monitoring';
import {
  createRouteTransactions,
  routePattern,
  titleWritten,
  type MonitoredRouter,
  type TransactionLike,
} from './route-transactions';
import { classifyProblem } from './fatal-errors';
import { analyticsScriptSrc } from './analytics';

/**
 * The Elastic APM RUM agent, configured as docs/product/monitoring.md says. Its own module, imported only when
 * the logger setting is on: importing @elastic/apm-rum patches fetch, XHR and history.
 */
export interface RumAgent {
  captureError(error: unknown): void;
}

/** The screens' loading state (components/page.tsx PageLoading): the page is not ready yet. */
const LOADING_SELECTOR = '.page-loading';

export function startRumAgent(args: { config: RumConfig; router: MonitoredRouter; untitled: string }): RumAgent | null {
  const { config, router, untitled } = args;
  let currentPattern = routePattern(router.state.matches, router.state.location.pathname);
  const titled = document.title !== untitled;

  const transactions = createRouteTransactions({
    startTransaction: (name, type, options) =>
      apm.startTransaction(name, type, options) as unknown as TransactionLike | undefined,
    setRoute: (route) => apm.setCustomContext({ route }),
    getTitle: () => document.title,
    untitled,
    isBusy: () => document.querySelector(LOADING_SELECTOR) !== null,
  });

  // document.title lives in <head>; the loading state in <body>, observed only while a route
  // transaction waits for its screen.
  const bodyObserver = new MutationObserver(() => {
    transactions.domChanged();
    if (!transactions.isWaiting()) bodyObserver.disconnect();
  });
  const watchBody = () => bodyObserver.observe(document.body, { subtree: true, childList: true });

  // The page the agent starts on is its page-load transaction (started once the central config
  // arrives): it waits for that page's screen like a route change.
  apm.observe('transaction:start', (tr) => {
    if (tr.type !== 'page-load') return;
    transactions.pageLoadStarted(tr as unknown as TransactionLike, currentPattern);
    if (transactions.isWaiting()) watchBody();
  });
  apm.setCustomContext({ route: currentPattern });

  const options: AgentConfigOptions & { reportTransactionsWithoutSpans: boolean } = {
    serviceName: config.serviceName,
    serverUrl: config.serverUrl,
    environment: config.environment,
    transactionSampleRate: config.transactionSampleRate,
    eventsLimit: config.eventsLimit,
    flushInterval: config.flushInterval,
    // The operator's sampling rate, from GET /api/config/v1/rum/agents (the agent's own 5000 ms
    // timeout is the config fetch timeout of docs/product/monitoring.md).
    centralConfig: true,
    // Route changes come from the router below (named after route patterns), not from pushState.
    disableInstrumentations: ['history'],
    // traceparent goes to our own origin only (the agent's default): no CORS preflight, nothing
    // for the CSP; its own intake and config requests are never traced.
    distributedTracingOrigins: [],
    pageLoadTransactionName: titled ? document.title : currentPattern,
    // A page view that needed no request is still a page view (the agent drops those by default;
    // the option is missing from its typings).
    reportTransactionsWithoutSpans: true,
    logLevel: 'warn',
  };
  apm.init(options);
  if (!apm.isActive()) return null;
  // Browser noise (docs/decisions/017-login-name-and-fatal-errors.md) is not reported either.
  apm.addFilter((payload) => {
    if (payload.errors)
      payload.errors = payload.errors.filter((e) => {
        const verdict = classifyProblem(
          {
            kind: 'error',
            message: e.exception?.message ?? '',
            name: e.exception?.type,
            filename: (e as { culprit?: string }).culprit,
          },
          { origin: window.location.origin, analyticsSrc: analyticsScriptSrc() },
        );
        return verdict === 'fatal' || verdict === 'request';
      });
    return payload;
  });

  new MutationObserver((records) => {
    if (titleWritten(records)) transactions.titleChanged();
  }).observe(document.head, {
    subtree: true,
    childList: true,
    characterData: true,
  });

  let lastPath = router.state.location.pathname;
  router.subscribe((state) => {
    if (state.location.pathname === lastPath) return;
    lastPath = state.location.pathname;
    currentPattern = routePattern(state.matches, state.location.pathname);
    transactions.routeChanged(currentPattern);
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
