import { describe, expect, it } from 'vitest';
import { parseRumBatch, RUM_MAX_LINES, RUM_PAYLOAD_MAX_CHARS, rumEventRow, truncatePayload } from './rum-intake';

const META = {
  metadata: { service: { name: 'portal-web', agent: { name: 'rum-js', version: '5.17.5' }, environment: 'test' } },
};
const ERROR = {
  error: {
    id: 'e1',
    exception: { message: 'Falhou', type: 'TypeError' },
    context: { page: { url: 'http://x/buyer/data?a=1' } },
  },
};
const lines = (...values: unknown[]) => values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join('\n');

describe('parseRumBatch', () => {
  it('numbers lines as they are in the body, blank lines included', () => {
    const batch = parseRumBatch(lines(META, '', ERROR, '   ', 'nope', ERROR) + '\n');
    expect(batch.metadata?.service.name).toBe('portal-web');
    expect(batch.events.map((e) => [e.line, e.kind])).toEqual([
      [3, 'error'],
      [6, 'error'],
    ]);
    expect(batch.rejected).toEqual([{ line: 5, reason: 'JSON inválido' }]);
  });

  it('keeps keys it does not know (newer agents add fields)', () => {
    const batch = parseRumBatch(lines(META, { error: { ...ERROR.error, brand_new: { x: 1 } } }));
    expect(batch.events[0]!.data).toHaveProperty('brand_new', { x: 1 });
  });

  it('refuses lines past the limit', () => {
    const batch = parseRumBatch(lines(META, ...Array.from({ length: RUM_MAX_LINES }, () => ERROR)));
    expect(batch.events).toHaveLength(RUM_MAX_LINES - 1);
    expect(batch.rejected).toEqual([{ line: RUM_MAX_LINES + 1, reason: `Lote acima de ${RUM_MAX_LINES} linhas` }]);
  });

  it('without metadata first there is no metadata, whatever follows', () => {
    expect(parseRumBatch(lines(ERROR, META)).metadata).toBeNull();
    expect(parseRumBatch('').metadata).toBeNull();
  });
});

describe('rumEventRow', () => {
  it('an error without a route label takes the page path', () => {
    const batch = parseRumBatch(lines(META, ERROR));
    expect(rumEventRow(batch.events[0]!, batch.metadata!, { userAgent: null, browser: null })).toMatchObject({
      kind: 'error',
      name: 'Falhou',
      type: 'TypeError',
      route: '/buyer/data',
      environment: 'test',
      duration_ms: null,
    });
  });
});

describe('truncatePayload', () => {
  it('keeps small payloads whole', () => {
    expect(truncatePayload('error', ERROR.error)).toBe(JSON.stringify(ERROR));
  });

  it('trims stack frames and spans first, and is always valid JSON', () => {
    const frames = Array.from({ length: 400 }, (_, i) => ({ filename: `f${i}.js`, function: 'x'.repeat(50) }));
    const big = { ...ERROR.error, exception: { ...ERROR.error.exception, stacktrace: frames } };
    const trimmed = JSON.parse(truncatePayload('error', big));
    expect(trimmed.error.truncated).toBe(true);
    expect(trimmed.error.exception.stacktrace).toHaveLength(20);

    const huge = { ...ERROR.error, culprit: 'y'.repeat(50_000) };
    const text = truncatePayload('error', huge);
    expect(text.length).toBeLessThanOrEqual(RUM_PAYLOAD_MAX_CHARS);
    expect(JSON.parse(text).error).toMatchObject({ truncated: true });
  });
});
