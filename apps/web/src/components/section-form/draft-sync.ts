/*
 * The autosave's schedule, without React or storage (docs/product/offline.md):
 * - each change is kept at once on the device (`keep`), then sent 800 ms after the last keystroke;
 * - one request at a time, in order; only the newest value is ever sent, so an older value never
 *   overwrites a newer one on the server;
 * - while the server is unreachable (network error, timeout, 5xx) the value waits on the device and
 *   is sent again after 1 s, 2 s, 4 s… (at most 30 s between tries), or at once when the browser
 *   says it is online again or the window gets the focus (`retryNow`);
 * - once the server has the newest value, the device's copy is dropped (`drop`);
 * - a 401 stops everything: the session is over and the app clears the device (`stop`).
 */

export type DraftSyncState =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  /** The server is unreachable: the newest value waits on this device. */
  | { kind: 'offline' }
  /** The server refused the draft (not a 401, not an outage): tried again later. */
  | { kind: 'error'; message: string };

/** What a failed send means for the schedule. */
export type FailureKind = 'offline' | 'error' | 'stop';

export interface DraftSyncOptions<T> {
  send: (values: T) => Promise<unknown>;
  /** Keeps the newest value on the device until the server has it. */
  keep: (values: T) => void;
  /** The server has the newest value (or the session ended): the device's copy goes. */
  drop: () => void;
  onState: (state: DraftSyncState) => void;
  classify: (error: unknown) => FailureKind;
  debounceMs?: number;
  retryDelayMs?: (failures: number) => number;
  now?: () => Date;
}

export const DEBOUNCE_MS = 800;
export const MAX_RETRY_MS = 30_000;

/** 1 s after the first failure, then twice as long after each (2 s, 4 s, 8 s…), at most 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS);
}

export class DraftSync<T> {
  /** The newest value the server has not acknowledged yet. */
  private latest: T | null = null;
  private version = 0;
  private inFlight = false;
  /** Failed sends in a row (0: the last send worked). */
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private disposed = false;
  private readonly o: Required<DraftSyncOptions<T>>;

  constructor(options: DraftSyncOptions<T>) {
    this.o = {
      debounceMs: DEBOUNCE_MS,
      retryDelayMs: retryDelay,
      now: () => new Date(),
      ...options,
    };
  }

  /** A new value typed (or set by the screen). */
  change(values: T): void {
    if (this.stopped || this.disposed) return;
    this.latest = values;
    this.version++;
    this.o.keep(values);
    // While the server is away the next try is already planned; it sends this newest value.
    if (this.failures > 0) return;
    if (!this.inFlight) this.o.onState({ kind: 'pending' });
    this.arm(this.o.debounceMs);
  }

  /** The browser is online again or the window got the focus: try now instead of waiting. */
  retryNow(): void {
    if (this.stopped || this.disposed || this.failures === 0 || this.inFlight || this.latest === null) return;
    void this.flush();
  }

  /** The section was submitted: nothing of the draft is left to send. */
  clear(): void {
    this.cancel();
    this.latest = null;
    this.version++;
    this.failures = 0;
    this.o.drop();
    this.o.onState({ kind: 'idle' });
  }

  /** The screen goes away: what is pending is sent once more; the device keeps it until acknowledged. */
  dispose(): void {
    this.cancel();
    if (this.latest !== null && !this.inFlight && !this.stopped) void this.flush();
    this.disposed = true;
  }

  /** Whether the newest value is still waiting to be acknowledged. */
  get hasPending(): boolean {
    return this.latest !== null;
  }

  private cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(ms: number): void {
    this.cancel();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  private async flush(): Promise<void> {
    if (this.stopped || this.inFlight || this.latest === null) return;
    this.cancel();
    const values = this.latest;
    const version = this.version;
    this.inFlight = true;
    if (this.failures === 0) this.o.onState({ kind: 'saving' });
    try {
      await this.o.send(values);
    } catch (error) {
      this.inFlight = false;
      const kind = this.o.classify(error);
      if (kind === 'stop') {
        this.stopped = true;
        this.cancel();
        this.latest = null;
        this.o.drop();
        this.o.onState({ kind: 'idle' });
        return;
      }
      if (this.latest === null) return; // cleared (submitted) meanwhile
      this.failures++;
      this.o.onState(
        kind === 'offline'
          ? { kind: 'offline' }
          : { kind: 'error', message: error instanceof Error ? error.message : String(error) },
      );
      if (!this.disposed) this.arm(this.o.retryDelayMs(this.failures));
      return;
    }
    this.inFlight = false;
    this.failures = 0;
    if (this.version === version) {
      this.latest = null;
      this.o.drop();
      this.o.onState({ kind: 'saved', at: this.o.now() });
    } else if (this.latest !== null) {
      // Typed while this one was on its way: the newer value follows.
      this.o.onState({ kind: 'pending' });
      if (this.timer === null && !this.disposed) this.arm(this.o.debounceMs);
      else if (this.disposed) void this.flush();
    }
  }
}
