import { describe, expect, it } from 'vitest';
import { createRouteTransactions, routePattern, titleWritten } from './route-transactions';

describe('routePattern', () => {
  it('is the last matched route path', () => {
    expect(
      routePattern(
        [{ route: {} }, { route: { path: '/seller/proposals/:proposalId/address' } }],
        '/seller/proposals/abc/address',
      ),
    ).toBe('/seller/proposals/:proposalId/address');
    expect(routePattern([{ route: { path: '/' } }], '/')).toBe('/');
    expect(routePattern([{ route: { path: 'buyer' } }, { route: { path: 'home' } }], '/buyer/home')).toBe('/home');
  });

  it('is the plain path when only the catch-all matched', () => {
    expect(routePattern([{ route: {} }, { route: { path: '*' } }], '/nada/aqui')).toBe('/nada/aqui');
    expect(routePattern([], '/x')).toBe('/x');
  });
});

interface FakeTransaction {
  name: string;
  type: string;
  tasks: Set<string | number>;
  ended: boolean;
  labels: Record<string, string>;
  addLabels(l: Record<string, string>): void;
  addTask(id?: string): string | number;
  removeTask(id: string | number): void;
  end(): void;
}

function fakeTransaction(name: string, type: string): FakeTransaction {
  const tr: FakeTransaction = {
    name,
    type,
    tasks: new Set(),
    ended: false,
    labels: {},
    addLabels: (l) => Object.assign(tr.labels, l),
    addTask: (id) => (tr.tasks.add(id ?? 'x'), id ?? 'x'),
    removeTask(id) {
      // A blocking request span also holds the transaction open, as in the agent.
      if (tr.tasks.delete(id) && tr.tasks.size === 0) tr.end();
    },
    end: () => void (tr.ended = true),
  };
  return tr;
}

/** A fake of the agent's managed transactions (reused while open, as @elastic/apm-rum's) and of timers. */
function fakeAgent() {
  const transactions: FakeTransaction[] = [];
  let current: FakeTransaction | null = null;
  let timers: { fn: () => void; ms: number }[] = [];
  const state = { title: 'Portal de Propostas', busy: false, routes: [] as string[] };
  const tracker = createRouteTransactions({
    startTransaction(name, type) {
      if (current && !current.ended) {
        current.name = name;
        return current;
      }
      current = fakeTransaction(name, type);
      transactions.push(current);
      return current;
    },
    setRoute: (pattern) => state.routes.push(pattern),
    getTitle: () => state.title,
    untitled: 'Portal de Propostas',
    isBusy: () => state.busy,
    setTimer: (fn, ms) => {
      const t = { fn, ms };
      timers.push(t);
      return t;
    },
    clearTimer: (t) => {
      timers = timers.filter((x) => x !== t);
    },
  });
  /** Runs the timers of a delay (50: the settle delay; 10 000: the timeout). */
  const runTimers = (ms: number) => {
    const due = timers.filter((t) => t.ms === ms);
    timers = timers.filter((t) => t.ms !== ms);
    for (const t of due) t.fn();
  };
  const setTitle = (title: string) => {
    state.title = `${title} — Portal de Propostas`;
    tracker.titleChanged();
  };
  const pageLoad = (name: string) => {
    current = fakeTransaction(name, 'page-load');
    transactions.push(current);
    return current;
  };
  return { tracker, transactions, state, runTimers, setTitle, pageLoad };
}

describe('route-change transactions', () => {
  it('starts named after the pattern, is renamed to the title, ends once the screen settled', () => {
    const { tracker, transactions, state, runTimers, setTitle } = fakeAgent();
    tracker.routeChanged('/buyer/home');
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({ name: '/buyer/home', ended: false, labels: { route: '/buyer/home' } });
    expect(state.routes).toEqual(['/buyer/home']);
    setTitle('Início');
    expect(transactions[0]).toMatchObject({ name: 'Início — Portal de Propostas', ended: false });
    runTimers(50);
    expect(transactions[0]!.ended).toBe(true);
    expect(tracker.isWaiting()).toBe(false);
  });

  it('requests the screen starts right after it renders keep the transaction open', () => {
    const { tracker, transactions, runTimers, setTitle } = fakeAgent();
    tracker.routeChanged('/buyer/select-proposal');
    setTitle('Minhas propostas');
    const span = transactions[0]!.addTask('span-1'); // GET /api/v3/proposals, a blocking span
    runTimers(50);
    expect(transactions[0]!.ended).toBe(false);
    transactions[0]!.removeTask(span);
    expect(transactions[0]!.ended).toBe(true);
  });

  it('waits while the screen is loading', () => {
    const { tracker, transactions, state, runTimers, setTitle } = fakeAgent();
    tracker.routeChanged('/buyer/select-proposal');
    state.busy = true;
    setTitle('Minhas propostas');
    tracker.domChanged();
    runTimers(50);
    expect(transactions[0]!.ended).toBe(false);
    state.busy = false;
    tracker.domChanged();
    runTimers(50);
    expect(transactions[0]).toMatchObject({ name: 'Minhas propostas — Portal de Propostas', ended: true });
  });

  it('a redirect before any screen reuses the transaction under the new pattern', () => {
    const { tracker, transactions, runTimers, setTitle } = fakeAgent();
    tracker.routeChanged('/');
    tracker.routeChanged('/buyer/select-proposal');
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({
      name: '/buyer/select-proposal',
      labels: { route: '/buyer/select-proposal' },
    });
    setTitle('Minhas propostas');
    runTimers(50);
    expect(transactions[0]!.ended).toBe(true);
  });

  it('a screen that was shown keeps its transaction when the user moves on quickly', () => {
    const { tracker, transactions, setTitle } = fakeAgent();
    tracker.routeChanged('/buyer/select-proposal');
    setTitle('Minhas propostas');
    tracker.routeChanged('/buyer/home');
    expect(transactions).toHaveLength(2);
    expect(transactions[0]).toMatchObject({ name: 'Minhas propostas — Portal de Propostas', ended: true });
    expect(transactions[1]).toMatchObject({ name: '/buyer/home', ended: false, labels: { route: '/buyer/home' } });
  });

  it('also when its requests were still running', () => {
    const { tracker, transactions, runTimers, setTitle } = fakeAgent();
    tracker.routeChanged('/buyer/select-proposal');
    setTitle('Minhas propostas');
    transactions[0]!.addTask('span-1');
    runTimers(50);
    expect(transactions[0]!.ended).toBe(false);
    tracker.routeChanged('/buyer/home');
    expect(transactions[0]!.ended).toBe(true);
    expect(transactions[1]!.name).toBe('/buyer/home');
  });

  it('ignores the untitled document title', () => {
    const { tracker, transactions, runTimers } = fakeAgent();
    tracker.routeChanged('/buyer/home');
    tracker.titleChanged();
    runTimers(50);
    expect(transactions[0]).toMatchObject({ name: '/buyer/home', ended: false });
  });

  it('a screen that never sets its title ends at the timeout under the pattern', () => {
    const { tracker, transactions, runTimers } = fakeAgent();
    tracker.routeChanged('/buyer/fgts/tax');
    runTimers(10_000);
    expect(transactions[0]).toMatchObject({ name: '/buyer/fgts/tax', ended: true });
    tracker.titleChanged();
    expect(transactions[0]!.name).toBe('/buyer/fgts/tax');
  });
});

describe('the page-load transaction of the first page', () => {
  it('titled already: renamed at once, labelled with the route', () => {
    const { tracker, state, runTimers, pageLoad } = fakeAgent();
    state.title = 'Entrar — Comprador — Portal de Propostas';
    const tr = pageLoad('/buyer/login');
    tracker.pageLoadStarted(tr, '/buyer/login');
    expect(tr).toMatchObject({ name: state.title, labels: { route: '/buyer/login' }, ended: false });
    runTimers(50);
    expect(tr.ended).toBe(true);
  });

  it('still loading: waits for its title; a redirect before it reuses it', () => {
    const { tracker, transactions, runTimers, setTitle, pageLoad } = fakeAgent();
    const tr = pageLoad('/');
    tracker.pageLoadStarted(tr, '/');
    tracker.routeChanged('/buyer/login');
    expect(transactions).toHaveLength(1);
    expect(tr).toMatchObject({ name: '/buyer/login', type: 'page-load', labels: { route: '/buyer/login' } });
    setTitle('Entrar — Comprador');
    runTimers(50);
    expect(tr).toMatchObject({ name: 'Entrar — Comprador — Portal de Propostas', ended: true });
  });
});

describe('titleWritten', () => {
  const el = (nodeName: string) => ({ nodeName });
  it('is a change of the <title> element or its text, or a <title> added', () => {
    expect(titleWritten([{ target: el('TITLE'), addedNodes: [el('#text')] }])).toBe(true);
    expect(titleWritten([{ target: { nodeName: '#text', parentNode: el('TITLE') }, addedNodes: [] }])).toBe(true);
    expect(titleWritten([{ target: el('HEAD'), addedNodes: [el('TITLE')] }])).toBe(true);
  });

  it('is not a link or style a lazy screen adds to <head> (the previous title is still there)', () => {
    expect(titleWritten([{ target: el('HEAD'), addedNodes: [el('LINK')] }])).toBe(false);
    expect(titleWritten([{ target: el('HEAD'), addedNodes: [el('STYLE'), el('SCRIPT')] }])).toBe(false);
    expect(titleWritten([{ target: { nodeName: '#text', parentNode: el('STYLE') }, addedNodes: [] }])).toBe(false);
  });
});
