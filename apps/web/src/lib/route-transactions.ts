/**
 * Route-change transactions of the monitoring agent (docs/product/monitoring.md): one starts on every route change,
 * named after the matched route pattern, and is renamed to the page's document title once the
 * screen sets it. It stays open (a task) until the screen is titled and no longer loading, so its
 * duration is the time the user waited for the page. DOM-free: the agent module wires the
 * observers; tests drive it with a fake agent.
 */

/** The parts of a react-router match this needs. */
export interface RouteMatchLike {
  route: { path?: string };
}

/** The router parts the agent needs (react-router's data router satisfies it). */
export interface MonitoredRouter {
  state: { location: { pathname: string }; matches: readonly RouteMatchLike[] };
  subscribe(fn: (state: MonitoredRouter['state']) => void): () => void;
}

/** The last matched route path (the route table's pattern), or the plain path (docs/product/monitoring.md). */
export function routePattern(matches: readonly RouteMatchLike[], pathname: string): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const path = matches[i]!.route.path;
    if (path && path !== '*' && !path.includes('*')) return path.startsWith('/') ? path : `/${path}`;
  }
  return pathname;
}

/** The parts of a MutationRecord of <head> that say what changed. */
export interface HeadMutationLike {
  target: { nodeName: string; parentNode?: { nodeName: string } | null };
  addedNodes: ArrayLike<{ nodeName: string }>;
}

/**
 * Whether these changes of <head> wrote the document's title. Other head changes (a lazy screen's
 * modulepreload or stylesheet link, added while the next screen renders) are not a title: reading
 * document.title then would name the new route's transaction after the previous screen.
 */
export function titleWritten(records: readonly HeadMutationLike[]): boolean {
  return records.some(
    (r) =>
      r.target.nodeName === 'TITLE' ||
      r.target.parentNode?.nodeName === 'TITLE' ||
      Array.from(r.addedNodes).some((n) => n.nodeName === 'TITLE'),
  );
}

/** The parts of an @elastic/apm-rum transaction this uses. */
export interface TransactionLike {
  name: string;
  addLabels(labels: Record<string, string>): void;
  addTask(taskId?: string): string | number;
  removeTask(taskId: string | number): void;
  end(): void;
}

export interface RouteTransactionDeps {
  startTransaction(
    name: string,
    type: 'route-change',
    options: { managed: true; canReuse: true },
  ): TransactionLike | undefined;
  /** Errors carry the route they happened on (their context.custom.route). */
  setRoute(pattern: string): void;
  getTitle(): string;
  /** The title of index.html, before any screen set its own. */
  untitled: string;
  /** True while the screen still shows its loading state. */
  isBusy(): boolean;
  /** Longest a transaction waits for its screen; then it ends under the name it has. */
  settleTimeoutMs?: number;
  /**
   * Once the screen is titled and not loading, how long it may still start its requests (React
   * runs effects after the DOM changes): they join the transaction as blocking spans.
   */
  settleDelayMs?: number;
  setTimer?(fn: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
}

interface Tracked {
  tr: TransactionLike;
  task: string | number;
  /** Its screen set the title: it is a page view of its own from now on. */
  titled: boolean;
  timer: unknown;
  settling: unknown;
}

export function createRouteTransactions(deps: RouteTransactionDeps) {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const timeoutMs = deps.settleTimeoutMs ?? 10_000;
  const delayMs = deps.settleDelayMs ?? 50;
  /** The transaction waiting for its screen (it holds a task). */
  let pending: Tracked | null = null;
  /** The last screen's transaction, maybe still open for its requests. */
  let shown: TransactionLike | null = null;

  function release(p: Tracked) {
    clearTimer(p.timer);
    clearTimer(p.settling);
    if (pending === p) pending = null;
    if (p.titled) shown = p.tr;
    p.tr.removeTask(p.task);
  }

  function settle() {
    const p = pending;
    if (!p?.titled || p.settling || deps.isBusy()) return;
    p.settling = setTimer(() => {
      p.settling = null;
      if (deps.isBusy()) return; // loading again: the next DOM change settles it
      release(p);
    }, delayMs);
  }

  function titleChanged() {
    if (!pending) return;
    const title = deps.getTitle();
    if (!title || title === deps.untitled) return;
    pending.tr.name = title;
    pending.titled = true;
    settle();
  }

  function track(tr: TransactionLike, pattern: string) {
    tr.addLabels({ route: pattern });
    if (pending && pending.tr === tr) {
      // The agent reused the open transaction (a redirect before any screen): wait for this one.
      clearTimer(pending.timer);
    } else {
      if (pending) release(pending);
      pending = { tr, task: tr.addTask('route-screen'), titled: false, timer: null, settling: null };
    }
    const p = pending;
    p.timer = setTimer(() => release(p), timeoutMs);
  }

  return {
    /**
     * A new location: a route-change transaction named after the pattern. A redirect before any
     * screen reuses the open one; a screen that was shown keeps its own (it ends here, its
     * unfinished requests truncated, as the user left it).
     */
    routeChanged(pattern: string) {
      deps.setRoute(pattern);
      if (pending?.titled) release(pending);
      shown?.end();
      shown = null;
      const tr = deps.startTransaction(pattern, 'route-change', { managed: true, canReuse: true });
      if (tr) track(tr, pattern);
    },
    /**
     * The agent's page-load transaction, for the page the agent started on: its screen may have
     * set the title already.
     */
    pageLoadStarted(tr: TransactionLike, pattern: string) {
      track(tr, pattern);
      titleChanged();
    },
    /** document.title was set. */
    titleChanged,
    /** The page's DOM changed: the screen may have finished loading. */
    domChanged: settle,
    /** Whether a transaction is waiting for its screen (observers can sleep otherwise). */
    isWaiting: () => pending !== null,
  };
}
