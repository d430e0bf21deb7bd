import { createCache } from '@ant-design/cssinjs';
import { describe, expect, it } from 'vitest';
import {
  antdRuntimeCache,
  antdStaticCss,
  cssIndexOf,
  ofBuildTimeScope,
  renderInto,
} from '../apps/web/build/antd-static-css';
import { theme } from '../apps/web/src/app/theme';

/**
 * The style-cache entries the build computes for the app (docs/decisions/065-antd-token-at-build-time.md):
 * antd's theme token and each component's token, so that the phone computes neither and adds no
 * `<style>` of CSS variables the stylesheet already holds.
 */
type Cache = { cache: Map<string, [number, unknown[]]> };
const entries = antdRuntimeCache(theme);

describe("antd's style cache, computed at build time", () => {
  it('holds the theme token and a token for each component the stylesheet styles', () => {
    const keys = entries.map(([key]) => key);
    expect(keys.filter((k) => k.startsWith('token%'))).toHaveLength(1);
    for (const component of ['Button', 'Skeleton', 'Input', 'Table', 'Steps', 'Radio', 'Progress'])
      expect(keys.some((k) => k.startsWith(`cssVar%${component}%`))).toBe(true);
  });

  it("leaves the components nothing to compute: started as the app starts it, rendering the app's components adds no token", () => {
    // As app/app.tsx does: the entries through JSON (the module the build writes), one holder each.
    const cache = createCache();
    for (const [key, value] of JSON.parse(JSON.stringify(entries)) as typeof entries)
      cache.opUpdate(key, () => [1, value]);
    const before = new Set((cache as unknown as Cache).cache.keys());
    renderInto(theme, true, cache);
    const added = [...(cache as unknown as Cache).cache].filter(([key]) => cssIndexOf(key) >= 0 && !before.has(key));
    // Only the scopes named after the build-time render's own React ids (a modal's, a message's theme).
    expect(added.filter(([key, [, value]]) => !ofBuildTimeScope([key, value])).map(([key]) => key)).toEqual([]);
  });

  it('adds no CSS the stylesheet lacks: each entry whose text was emptied has its variables in the stylesheet', () => {
    const stylesheet = antdStaticCss(theme);
    const fresh = (renderInto(theme, true) as unknown as Cache).cache;
    let emptied = 0;
    expect(entries.some(([key]) => (fresh.get(key)![1][cssIndexOf(key)] as string).length > 1000)).toBe(true);
    for (const [key, value] of entries) {
      const cssAt = cssIndexOf(key);
      const original = fresh.get(key)![1][cssAt] as string;
      if (value[cssAt] !== '') {
        expect(value[cssAt]).toBe(original);
        continue;
      }
      emptied++;
      expect(stylesheet.includes(original), key).toBe(true);
    }
    expect(emptied).toBe(entries.length);
  });

  it('keeps what a component reads: the theme token, with and without CSS variables', () => {
    const [, value] = entries.find(([key]) => key.startsWith('token%'))!;
    const [withVariables, hashClass, token] = value as [Record<string, unknown>, string, Record<string, unknown>];
    expect(token.colorPrimary).toBe('#0a1f44');
    expect(token.controlHeight).toBe(44);
    expect(withVariables.colorPrimary).toBe('var(--ant-color-primary)');
    expect(hashClass).toMatch(/^css-/);
  });
});
