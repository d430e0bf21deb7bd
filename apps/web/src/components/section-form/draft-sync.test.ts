import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DraftSync, retryDelay, type DraftSyncState, type FailureKind } from './draft-sync';

class Unreachable extends Error {}
class Refused extends Error {}
class SessionOver extends Error {}

const classify = (e: unknown): FailureKind =>
  e instanceof SessionOver ? 'stop' : e instanceof Unreachable ? 'offline' : 'error';

/**
 * A fake server: each send waits until the test answers it, so the test decides when the API is
 * away and when it is back. `stored` is what the server holds.
 */
function harness() {
  const sent: string[] = [];
  const answers: { value: string; ok: () => void; fail: (e: Error) => void }[] = [];
  let stored: string | null = null;
  let device: string | null = null;
  const states: DraftSyncState['kind'][] = [];
  const sync = new DraftSync<string>({
    send: (value) => {
      sent.push(value);
      return new Promise<void>((resolve, reject) => {
        answers.push({
          value,
          ok: () => {
            stored = value;
            resolve();
          },
          fail: reject,
        });
      });
    },
    keep: (value) => {
      device = value;
    },
    drop: () => {
      device = null;
    },
    onState: (s) => states.push(s.kind),
    classify,
  });
  const next = () => {
    const a = answers.shift();
    if (!a) throw new Error('no request in flight');
    return a;
  };
  return {
    sync,
    sent,
    next,
    get inFlight() {
      return answers.length;
    },
    get stored() {
      return stored;
    },
    get device() {
      return device;
    },
    get state() {
      return states.at(-1);
    },
  };
}

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterAll(() => {
  vi.useRealTimers();
});

describe('retryDelay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe('DraftSync', () => {
  it('sends once, 800 ms after the last change, only the newest value, and drops the device copy when stored', async () => {
    const h = harness();
    h.sync.change('a');
    await vi.advanceTimersByTimeAsync(500);
    h.sync.change('ab');
    await vi.advanceTimersByTimeAsync(799);
    expect(h.sent).toEqual([]);
    expect(h.device).toBe('ab');
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sent).toEqual(['ab']);
    h.next().ok();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.stored).toBe('ab');
    expect(h.device).toBeNull();
    expect(h.state).toBe('saved');
  });

  it('keeps one request in flight and sends the newest value after it, never an older one last', async () => {
    const h = harness();
    h.sync.change('v1');
    await vi.advanceTimersByTimeAsync(800);
    expect(h.sent).toEqual(['v1']);
    h.sync.change('v2');
    h.sync.change('v3');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.inFlight).toBe(1); // v2 and v3 wait for v1's answer
    h.next().ok();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.device).toBe('v3'); // v1 stored, v3 not yet
    expect(h.state).toBe('pending');
    await vi.advanceTimersByTimeAsync(800);
    expect(h.sent).toEqual(['v1', 'v3']);
    h.next().ok();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.stored).toBe('v3');
    expect(h.device).toBeNull();
  });

  it('while the server is away: waits 1, 2, 4… s (at most 30 s), keeps the newest on the device, sends it once back', async () => {
    const h = harness();
    h.sync.change('a');
    await vi.advanceTimersByTimeAsync(800);
    h.next().fail(new Unreachable());
    await vi.advanceTimersByTimeAsync(0);
    expect(h.state).toBe('offline');
    // Typing on during the outage does not send at each keystroke: the planned try sends the newest.
    h.sync.change('ab');
    h.sync.change('abc');
    expect(h.device).toBe('abc');
    const tries = (): number => h.sent.length;
    const gaps: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = tries();
      let waited = 0;
      while (tries() === before) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      gaps.push(waited);
      expect(h.sent.at(-1)).toBe('abc');
      h.next().fail(new Unreachable());
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(gaps).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(h.state).toBe('offline');
    expect(h.stored).toBeNull();
    // Back: the next try stores the newest value; the device copy goes and the state says saved.
    await vi.advanceTimersByTimeAsync(30_000);
    h.next().ok();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.stored).toBe('abc');
    expect(h.device).toBeNull();
    expect(h.state).toBe('saved');
  });

  it('tries at once when the browser says it is back (online or focus) instead of waiting', async () => {
    const h = harness();
    h.sync.change('x');
    await vi.advanceTimersByTimeAsync(800);
    h.next().fail(new Unreachable());
    await vi.advanceTimersByTimeAsync(0);
    expect(h.inFlight).toBe(0);
    h.sync.retryNow();
    expect(h.sent).toEqual(['x', 'x']);
    // A second signal while that try is in flight does not start another request.
    h.sync.retryNow();
    expect(h.inFlight).toBe(1);
    h.next().ok();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.stored).toBe('x');
    // Nothing pending: a later signal sends nothing.
    h.sync.retryNow();
    expect(h.sent).toHaveLength(2);
  });

  it('a value typed while a failing request was in flight is the one sent next', async () => {
    const h = harness();
    h.sync.change('old');
    await vi.advanceTimersByTimeAsync(800);
    h.sync.change('new');
    h.next().fail(new Unreachable());
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.sent).toEqual(['old', 'new']);
    h.next().ok();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.stored).toBe('new');
  });

  it('a refused draft (not an outage) says why and is tried again later', async () => {
    const h = harness();
    h.sync.change('bad');
    await vi.advanceTimersByTimeAsync(800);
    h.next().fail(new Refused('Proposta em análise.'));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.state).toBe('error');
    expect(h.device).toBe('bad');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.sent).toEqual(['bad', 'bad']);
  });

  it('a 401 stops: no more tries, nothing kept on the device, later changes ignored', async () => {
    const h = harness();
    h.sync.change('typed');
    await vi.advanceTimersByTimeAsync(800);
    h.next().fail(new SessionOver());
    await vi.advanceTimersByTimeAsync(0);
    expect(h.device).toBeNull();
    h.sync.change('more');
    h.sync.retryNow();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.sent).toEqual(['typed']);
    expect(h.device).toBeNull();
  });

  it('clear (after a submit) cancels the planned try and drops the device copy', async () => {
    const h = harness();
    h.sync.change('a');
    await vi.advanceTimersByTimeAsync(800);
    h.next().fail(new Unreachable());
    await vi.advanceTimersByTimeAsync(0);
    h.sync.clear();
    expect(h.device).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.sent).toEqual(['a']);
    expect(h.state).toBe('idle');
  });

  it('leaving the screen sends what is pending once; the device keeps it if that fails', async () => {
    const h = harness();
    h.sync.change('last words');
    h.sync.dispose();
    expect(h.sent).toEqual(['last words']);
    h.next().fail(new Unreachable());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.sent).toHaveLength(1);
    expect(h.device).toBe('last words');
  });
});
