/**
 * Uncaught errors and unhandled promise rejections in the browser (docs/product/routes-and-guards.md: fatal or unhandled
 * errors route to the generic error screen). The rules, and the noise left out, are in
 * docs/decisions/017-login-name-and-fatal-errors.md.
 */

/** What the error screen says after an unexpected failure (the technical detail goes to monitoring). */
export const FATAL_ERROR_MESSAGE = 'Ocorreu um erro inesperado nesta página. Tente novamente.';

export interface UnhandledProblem {
  kind: 'error' | 'rejection';
  /** The error event's message, or the rejection reason's message. */
  message: string;
  /** The thrown value's name (Error.name, DOMException.name), when it has one. */
  name?: string | undefined;
  /** The script the error event points at, when the browser says. */
  filename?: string | undefined;
  /** An API request that failed (lib/api-client's ApiRequestError). */
  isRequestError?: boolean;
}

/**
 * fatal: go to /error. request: an API request that failed and nobody handled; docs/product/routes-and-guards.md has those
 * only logged. The others are browser noise, ignored (neither shown nor reported).
 */
export type Verdict = 'fatal' | 'request' | 'resize-observer' | 'aborted' | 'foreign-script';

const RESIZE_OBSERVER = /ResizeObserver loop/i;
const ABORTED_NAMES = new Set(['AbortError', 'CancelledError']);
const ABORTED_MESSAGE = /\b(AbortError|CancelledError)\b|signal is aborted|The user aborted a request/i;

export function classifyProblem(
  problem: UnhandledProblem,
  where: { origin: string; analyticsSrc?: string | null },
): Verdict {
  if (RESIZE_OBSERVER.test(problem.message)) return 'resize-observer';
  if ((problem.name && ABORTED_NAMES.has(problem.name)) || ABORTED_MESSAGE.test(problem.message)) return 'aborted';
  if (isForeignScript(problem, where)) return 'foreign-script';
  if (problem.isRequestError) return 'request';
  return 'fatal';
}

/** Only the browser's wording of a cross-origin script's error, or a script of another origin. */
function isForeignScript(problem: UnhandledProblem, where: { origin: string; analyticsSrc?: string | null }): boolean {
  if (problem.kind === 'error' && problem.message === 'Script error.' && !problem.filename) return true;
  if (!problem.filename) return false;
  if (where.analyticsSrc && problem.filename.startsWith(where.analyticsSrc)) return true;
  try {
    return new URL(problem.filename, where.origin).origin !== where.origin;
  } catch {
    return false;
  }
}

/** The problem an `error` event or an `unhandledrejection` event carries. */
export function problemOf(event: Event, isRequestError: (value: unknown) => boolean): UnhandledProblem {
  if (event.type === 'unhandledrejection') {
    const reason = (event as PromiseRejectionEvent).reason as unknown;
    const r = reason as { name?: unknown; message?: unknown } | null;
    return {
      kind: 'rejection',
      message: typeof r?.message === 'string' ? r.message : String(reason),
      name: typeof r?.name === 'string' ? r.name : undefined,
      isRequestError: isRequestError(reason),
    };
  }
  const e = event as ErrorEvent;
  const error = e.error as { name?: unknown } | null | undefined;
  return {
    kind: 'error',
    message: e.message ?? '',
    name: typeof error?.name === 'string' ? error.name : undefined,
    filename: e.filename || undefined,
    isRequestError: isRequestError(e.error),
  };
}

/**
 * Listens for both events for the whole life of the page. A fatal problem opens /error once (not
 * again while it is shown), after the current event has reached every listener: the monitoring
 * agent records it with the route where it happened.
 */
export function installFatalErrorHandler(args: {
  isRequestError: (value: unknown) => boolean;
  analyticsSrc: () => string | null;
  currentPath: () => string;
  showErrorScreen: (message: string) => void;
  reportEarly: (error: unknown) => void;
}): () => void {
  const onProblem = (event: Event) => {
    const problem = problemOf(event, args.isRequestError);
    const verdict = classifyProblem(problem, { origin: window.location.origin, analyticsSrc: args.analyticsSrc() });
    if (verdict === 'request') {
      console.error(
        event.type === 'unhandledrejection' ? (event as PromiseRejectionEvent).reason : (event as ErrorEvent).error,
      );
      return;
    }
    if (verdict !== 'fatal') return;
    args.reportEarly(
      event.type === 'unhandledrejection'
        ? (event as PromiseRejectionEvent).reason
        : ((event as ErrorEvent).error ?? problem.message),
    );
    if (args.currentPath() === '/error') return;
    setTimeout(() => {
      if (args.currentPath() !== '/error') args.showErrorScreen(FATAL_ERROR_MESSAGE);
    });
  };
  window.addEventListener('error', onProblem);
  window.addEventListener('unhandledrejection', onProblem);
  return () => {
    window.removeEventListener('error', onProblem);
    window.removeEventListener('unhandledrejection', onProblem);
  };
}
