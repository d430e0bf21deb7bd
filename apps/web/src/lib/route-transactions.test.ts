import { describe, expect, it } from 'vitest';
import { createRouteTransactions, routePattern, type TransactionLike } from './route-transactions';

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

/** A fake of the agent's managed transactions: reused while open, like @elastic/apm-rum's. */
function fakeAgent() {
  const transactions: (TransactionLike & { tasks: Set<string | number>; ended: boolean; labels: object })[] = [];
  let current: (typeof transactions)[number] | null = null;
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const state = { title: 'Portal de Propostas', busy: false, routes: [] as string[] };
  const tracker = createRouteTransactions({
    startTransaction(name) {
      if (current && !current.ended) {
        current.name = name;
        return current;
      }
      const tr = {
        name,
        tasks: new Set<string | number>(),
        ended: false,
        labels: {},
        addLabels(l: Record<string, string>) {
          Object.assign(this.labels, l);
        },
        addTask(id?: string) {
          this.tasks.add(id ?? 'x');
          return id ?? 'x';
        },
        removeTask(id: string | number) {
          this.tasks.delete(id);
          if (this.tasks.size === 0) this.ended = true;
        },
      };
      transactions.push(tr);
      current = tr;
      return tr;
    },
    setRoute: (pattern) => state.routes.push(pattern),
    getTitle: () => state.title,
    untitled: 'Portal de Propostas',
    isBusy: () => state.busy,
    settleTimeoutMs: 10_000,
    setTimer: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimer: (t) => {
      (t as { cleared: boolean }).cleared = true;
    },
  });
  return { tracker, transactions, timers, state };
}

describe('route-change transactions', () => {
  it('starts named after the pattern, renamed to the title, ends when the screen is titled', () => {
    const { tracker, transactions, state } = fakeAgent();
    tracker.routeChanged('/buyer/home');
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({ name: '/buyer/home', ended: false, labels: { route: '/buyer/home' } });
    expect(state.routes).toEqual(['/buyer/home']);
    state.title = 'Início — Portal de Propostas';
    tracker.titleChanged();
    expect(transactions[0]).toMatchObject({ name: 'Início — Portal de Propostas', ended: true });
    expect(tracker.isWaiting()).toBe(false);
  });

  it('waits while the screen is loading, then ends', () => {
    const { tracker, transactions, state } = fakeAgent();
    tracker.routeChanged('/buyer/select-proposal');
    state.busy = true;
    state.title = 'Minhas propostas — Portal de Propostas';
    tracker.titleChanged();
    expect(transactions[0]!.ended).toBe(false);
    tracker.domChanged();
    expect(transactions[0]!.ended).toBe(false);
    state.busy = false;
    tracker.domChanged();
    expect(transactions[0]).toMatchObject({ name: 'Minhas propostas — Portal de Propostas', ended: true });
  });

  it('a redirect before the screen reuses the transaction under the new pattern', () => {
    const { tracker, transactions, state } = fakeAgent();
    tracker.routeChanged('/');
    tracker.routeChanged('/buyer/select-proposal');
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({ name: '/buyer/select-proposal', labels: { route: '/buyer/select-proposal' } });
    state.title = 'Minhas propostas — Portal de Propostas';
    tracker.titleChanged();
    expect(transactions[0]!.ended).toBe(true);
  });

  it('ignores the untitled document title', () => {
    const { tracker, transactions } = fakeAgent();
    tracker.routeChanged('/buyer/home', { titleIsCurrent: true });
    tracker.titleChanged();
    expect(transactions[0]).toMatchObject({ name: '/buyer/home', ended: false });
  });

  it('the page the agent starts on may be titled already', () => {
    const { tracker, transactions, state } = fakeAgent();
    state.title = 'Entrar — Portal de Propostas';
    tracker.routeChanged('/buyer/login', { titleIsCurrent: true });
    expect(transactions[0]).toMatchObject({ name: 'Entrar — Portal de Propostas', ended: true });
  });

  it('a screen that never sets its title ends at the timeout under the pattern', () => {
    const { tracker, transactions, timers } = fakeAgent();
    tracker.routeChanged('/buyer/fgts/tax');
    expect(timers.at(-1)!.ms).toBe(10_000);
    timers.at(-1)!.fn();
    expect(transactions[0]).toMatchObject({ name: '/buyer/fgts/tax', ended: true });
    tracker.titleChanged();
    expect(transactions[0]!.name).toBe('/buyer/fgts/tax');
  });
});
