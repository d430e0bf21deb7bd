import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_ID_MISSING,
  decideAnalytics,
  PUBLIC_SETTINGS_OFF,
  RUM_DEFAULTS,
  turnsEverythingOff,
  validateRumConfig,
} from './monitoring';
import { publicSettingsSchema } from './monitoring-settings';
import { median, summarizeRouteDurations } from './monitoring-views';

describe('validateRumConfig (docs/product/monitoring.md)', () => {
  const valid = { serviceName: 'portal-web', serverUrl: '/api', environment: 'test' };

  it('accepts a valid configuration and fills the defaults', () => {
    expect(validateRumConfig(valid)).toEqual({
      ok: true,
      config: {
        serviceName: 'portal-web',
        serverUrl: '/api',
        environment: 'test',
        transactionSampleRate: 1,
        eventsLimit: 80,
        flushInterval: 500,
      },
    });
    expect(RUM_DEFAULTS).toEqual({
      transactionSampleRate: 1,
      eventsLimit: 80,
      flushIntervalMs: 500,
      configFetchTimeoutMs: 5000,
    });
  });

  it.each(['portal web', 'Portal_Web-2', 'a', 'A B_C-0'])('serviceName %j is allowed', (serviceName) => {
    expect(validateRumConfig({ ...valid, serviceName }).ok).toBe(true);
  });

  it.each(['portal.web', 'portal/web', 'portal@web', 'pórtal', 'portal\nweb', 'portal:web'])(
    'serviceName %j has invalid characters',
    (serviceName) => {
      const result = validateRumConfig({ ...valid, serviceName });
      expect(result.ok).toBe(false);
      expect(!result.ok && result.errors[0]).toMatch(/serviceName .* invalid characters/s);
    },
  );

  it.each([
    [{ serverUrl: '/api' }, 'serviceName is missing'],
    [{ serviceName: '', serverUrl: '/api' }, 'serviceName is missing'],
    [{ serviceName: 'portal-web' }, 'serverUrl is missing'],
    [{ serviceName: 'portal-web', serverUrl: '' }, 'serverUrl is missing'],
  ])('required keys: %j', (input, message) => {
    expect(validateRumConfig(input)).toEqual({ ok: false, errors: [message] });
  });

  it('reports every problem at once', () => {
    const result = validateRumConfig({ serviceName: 'a.b', transactionSampleRate: 2 });
    expect(!result.ok && result.errors).toHaveLength(3);
  });

  it.each([0, 0.0001, 0.5, 1])('transactionSampleRate %s is allowed', (rate) => {
    const result = validateRumConfig({ ...valid, transactionSampleRate: rate });
    expect(result.ok && result.config.transactionSampleRate).toBe(rate);
  });

  it.each([-0.1, 1.01, Number.NaN, '0.5', null, true])('transactionSampleRate %j is refused', (rate) => {
    const result = validateRumConfig({ ...valid, transactionSampleRate: rate });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]).toMatch(/transactionSampleRate/);
  });
});

describe('decideAnalytics (docs/product/monitoring.md)', () => {
  const src = 'https://www.clarity.ms/tag/{id}';

  it('loads only when enabled and given an id', () => {
    expect(decideAnalytics({ analyticsEnabled: true, analyticsId: 'abc123', analyticsSrc: src })).toEqual({
      kind: 'load',
      src: 'https://www.clarity.ms/tag/abc123',
    });
  });

  it('enabled without an id: the console error says the project id is not set', () => {
    for (const analyticsId of ['', '   ']) {
      const decision = decideAnalytics({ analyticsEnabled: true, analyticsId, analyticsSrc: src });
      expect(decision).toEqual({ kind: 'missing-id', message: ANALYTICS_ID_MISSING });
    }
    expect(ANALYTICS_ID_MISSING).toContain('project id is not set');
  });

  it('disabled: nothing, with or without an id', () => {
    expect(decideAnalytics({ analyticsEnabled: false, analyticsId: 'abc', analyticsSrc: src })).toEqual({
      kind: 'off',
    });
    expect(decideAnalytics({ analyticsEnabled: false, analyticsId: '', analyticsSrc: src })).toEqual({ kind: 'off' });
  });

  it('without a script URL nothing loads', () => {
    expect(decideAnalytics({ analyticsEnabled: true, analyticsId: 'abc', analyticsSrc: '' })).toEqual({ kind: 'off' });
  });

  it('a URL without {id} gets the id as its last segment, escaped', () => {
    expect(
      decideAnalytics({ analyticsEnabled: true, analyticsId: 'a/b', analyticsSrc: 'https://cdn.example/t/' }),
    ).toEqual({ kind: 'load', src: 'https://cdn.example/t/a%2Fb' });
  });

  it('the off settings parse and decide nothing', () => {
    expect(publicSettingsSchema.parse(PUBLIC_SETTINGS_OFF)).toEqual(PUBLIC_SETTINGS_OFF);
    expect(decideAnalytics(PUBLIC_SETTINGS_OFF)).toEqual({ kind: 'off' });
  });
});

describe('turnsEverythingOff: settings the browser takes without their schema', () => {
  const served = { ...PUBLIC_SETTINGS_OFF, apmEnvironment: 'production', analyticsId: 'abc', analyticsSrc: '/t/{id}' };

  it("the server's settings with both switches off", () => {
    expect(turnsEverythingOff(served)).toBe(true);
    expect(turnsEverythingOff(PUBLIC_SETTINGS_OFF)).toBe(true);
  });

  it.each([
    ['monitoring on', { ...served, loggerEnabled: true }],
    ['analytics on', { ...served, analyticsEnabled: true }],
    ['a switch missing', { loggerEnabled: false }],
    ['a switch as text', { ...served, analyticsEnabled: 'false' }],
    ['null', null],
    ['a list', [false, false]],
    ['text', 'off'],
  ])('%s: checked with the schema', (_, data) => {
    expect(turnsEverythingOff(data)).toBe(false);
  });

  // Mostly false, so that most runs reach the comparison.
  const aSwitch = fc.oneof({ arbitrary: fc.constant(false), weight: 4 }, { arbitrary: fc.jsonValue(), weight: 1 });

  it('whatever else the settings hold, taking them as off loads and sends what the schema would have', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.record({ loggerEnabled: aSwitch, analyticsEnabled: aSwitch }),
        (rest, switches) => {
          const data = { ...rest, ...switches };
          if (!turnsEverythingOff(data)) return;
          // What the browser did before: the schema, or "off" when the settings do not parse.
          const parsed = publicSettingsSchema.safeParse(data);
          const checked = parsed.success ? parsed.data : PUBLIC_SETTINGS_OFF;
          expect(checked.loggerEnabled).toBe(false);
          expect(decideAnalytics(checked)).toEqual({ kind: 'off' });
          expect(decideAnalytics(PUBLIC_SETTINGS_OFF)).toEqual(decideAnalytics(checked));
        },
      ),
    );
  });
});

describe('route duration summary', () => {
  it('median of odd and even counts', () => {
    expect(median([])).toBe(0);
    expect(median([5])).toBe(5);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('slowest median first, with count and p95', () => {
    const rows = [
      ...[100, 120, 5000].map((durationMs) => ({ route: '/buyer/home', durationMs })),
      ...[300, 310].map((durationMs) => ({ route: '/buyer/select-proposal', durationMs })),
      { route: '/buyer/login', durationMs: 50 },
    ];
    expect(summarizeRouteDurations(rows)).toEqual([
      { route: '/buyer/select-proposal', count: 2, medianMs: 305, p95Ms: 310 },
      { route: '/buyer/home', count: 3, medianMs: 120, p95Ms: 5000 },
      { route: '/buyer/login', count: 1, medianMs: 50, p95Ms: 50 },
    ]);
    expect(summarizeRouteDurations(rows, 1)).toHaveLength(1);
  });

  it('ties: the busier route first, then by name; 20 routes unless told', () => {
    const rows = [
      { route: '/b', durationMs: 100 },
      { route: '/a', durationMs: 100 },
      { route: '/c', durationMs: 100 },
      { route: '/c', durationMs: 100 },
    ];
    expect(summarizeRouteDurations(rows).map((r) => r.route)).toEqual(['/c', '/a', '/b']);
    const many = Array.from({ length: 25 }, (_, i) => ({ route: `/r${i}`, durationMs: i }));
    expect(summarizeRouteDurations(many)).toHaveLength(20);
    expect(summarizeRouteDurations(many)[0]).toEqual({ route: '/r24', count: 1, medianMs: 24, p95Ms: 24 });
  });

  it('p95 is the nearest rank (the 19th of 20 durations); the median is rounded to the millisecond', () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ route: '/x', durationMs: 20 - i }));
    expect(summarizeRouteDurations(rows)).toEqual([{ route: '/x', count: 20, medianMs: 11, p95Ms: 19 }]);
    const two = [1, 2].map((durationMs) => ({ route: '/y', durationMs }));
    expect(summarizeRouteDurations(two)).toEqual([{ route: '/y', count: 2, medianMs: 2, p95Ms: 2 }]);
  });
});
