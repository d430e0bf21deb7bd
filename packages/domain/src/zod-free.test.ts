import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Modules that screens import for labels, counts and rules: they must not load the schema library,
 * directly or through what they import (docs/decisions/056-low-tier-phones.md). Type-only imports
 * and re-exports are erased by the build and do not count.
 */
const ZOD_FREE = [
  'proposal-values',
  'backoffice-list-sorts',
  'next-step',
  'financing',
  'monitoring',
  'roles',
  'messages',
];

const VALUE_IMPORT = /^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm;

/** The modules `name` loads at run time, itself included, and the packages they import. */
function loaded(name: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(name)) return seen;
  const source = readFileSync(join(import.meta.dirname, `${name}.ts`), 'utf8');
  const specifiers = [...source.matchAll(VALUE_IMPORT)].map((m) => m[1] ?? '');
  seen.set(name, specifiers);
  for (const s of specifiers) if (s.startsWith('./')) loaded(s.slice(2), seen);
  return seen;
}

describe('modules free of the schema library', () => {
  it.each(ZOD_FREE)('%s loads no zod', (name) => {
    const withZod = [...loaded(name)].filter(([, specifiers]) => specifiers.includes('zod')).map(([m]) => m);
    expect(withZod).toEqual([]);
  });

  it('the check sees zod where it is', () => {
    expect([...loaded('proposal')].some(([, specifiers]) => specifiers.includes('zod'))).toBe(true);
  });
});
