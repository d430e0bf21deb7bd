/**
 * Route-change transactions of the monitoring agent (spec §7): one starts on every route change,
 * named after the matched route pattern, and is renamed to the page's document title once the
 * screen sets it. It stays open (a task) until the screen is titled and no longer loading, so its
 * duration is the time the user waited for the page. DOM-free: the agent module wires the
 * observers; tests drive it with a fake agent.
 */

/** The parts of a react-router match this needs. */
export interface RouteMatchLike {
  route: { path?: string };
}

/** The last matched route path (the route table's pattern), or the plain path (spec §7). */
export function routePattern(matches: readonly RouteMatchLike[], pathname: string): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const path = matches[i]!.route.path;
    if (path && path !== '*' && !path.includes('*')) return path.startsWith('/') ? path : `/${path}`;
  }
  return pathname;
}

/** The parts of an @elastic/apm-rum transaction this uses. */
export interface TransactionLike {
  name: string;
  addLabels(labels: Record<string, string>): void;
  addTask(taskId?: string): string | number;
  removeTask(taskId: string | number): void;
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
  setTimer?(fn: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
}

interface Pending {
  tr: TransactionLike;
  task: string | number;
  titled: boolean;
  timer: unknown;
}

export function createRouteTransactions(deps: RouteTransactionDeps) {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const timeoutMs = deps.settleTimeoutMs ?? 10_000;
  let pending: Pending | null = null;

  function finish(p: Pending) {
    clearTimer(p.timer);
    if (pending === p) pending = null;
    p.tr.removeTask(p.task);
  }

  function settle() {
    if (pending?.titled && !deps.isBusy()) finish(pending);
  }

  function titleChanged() {
    if (!pending) return;
    const title = deps.getTitle();
    if (!title || title === deps.untitled) return;
    pending.tr.name = title;
    pending.titled = true;
    settle();
  }

  return {
    /**
     * A new location. `titleIsCurrent` is for the page the agent starts on: its screen may have
     * set the title already.
     */
    routeChanged(pattern: string, options: { titleIsCurrent?: boolean } = {}) {
      deps.setRoute(pattern);
      const tr = deps.startTransaction(pattern, 'route-change', { managed: true, canReuse: true });
      if (!tr) return;
      tr.addLabels({ route: pattern });
      if (pending && pending.tr === tr) {
        // The agent reused the open transaction (a redirect, the page load): wait for this screen.
        clearTimer(pending.timer);
        pending.titled = false;
      } else {
        if (pending) clearTimer(pending.timer);
        pending = { tr, task: tr.addTask('route-screen'), titled: false, timer: null };
      }
      const p = pending;
      p.timer = setTimer(() => finish(p), timeoutMs);
      if (options.titleIsCurrent) titleChanged();
    },
    /** document.title was set. */
    titleChanged,
    /** The page's DOM changed: the screen may have finished loading. */
    domChanged: settle,
    /** Whether a transaction is waiting for its screen (observers can sleep otherwise). */
    isWaiting: () => pending !== null,
  };
}
