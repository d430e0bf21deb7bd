import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations';

/**
 * One migration list in one place, in order (docs/decisions/061-one-migration-list.md): every
 * migration is a file of apps/api/src/db/migrations/ named after its key, listed once, in the
 * order the migrator runs them (by key).
 */
const here = import.meta.dirname;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

describe('the migration list', () => {
  const keys = Object.keys(MIGRATIONS);

  it('is written in the order the migrator runs it (keys sorted)', () => {
    expect(keys).toEqual([...keys].sort());
    expect(keys[0]).toBe('0001_foundation');
    expect(keys.at(-1)).toBe('0175_document_expiry_notices');
  });

  it('has one file per migration in db/migrations/, named after its key', () => {
    const files = readdirSync(join(here, 'migrations'))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(files).toEqual(keys.map((k) => k.replaceAll('_', '-')));
  });

  it('has no migration left in a module folder', () => {
    const strays = filesUnder(join(here, '..')).filter((f) => f.endsWith('.migration.ts'));
    expect(strays).toEqual([]);
  });
});
