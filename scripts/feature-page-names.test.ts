import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web's feature folders are cut by subject, and a page used by one party names that party
 * (docs/decisions/063-folders-by-subject.md): `documents/operator-review-page.tsx` is the operator's,
 * `fgts/buyer-review-page.tsx` the buyer's. Two folders holding a page of the same name is how the
 * other cut (one folder a party, the same page names in each) shows itself.
 */
const FEATURES = join(import.meta.dirname, '..', 'apps', 'web', 'src', 'features');
const PAGE = /-page\.tsx$/;

function* pages(dir: string, folder: string): Generator<[name: string, folder: string]> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) yield* pages(join(dir, entry.name), folder);
    else if (PAGE.test(entry.name)) yield [entry.name, folder];
  }
}

/** Each page file name held by more than one feature folder, with the folders. */
export function samePageNames(found: Iterable<[name: string, folder: string]>): string[] {
  const folders = new Map<string, Set<string>>();
  for (const [name, folder] of found) folders.set(name, (folders.get(name) ?? new Set()).add(folder));
  return [...folders]
    .filter(([, where]) => where.size > 1)
    .map(([name, where]) => `${name}: ${[...where].sort().join(', ')}`)
    .sort();
}

describe('a page file name belongs to one feature folder', () => {
  it('tells a name held by two folders', () => {
    expect(
      samePageNames([
        ['review-page.tsx', 'documents'],
        ['review-page.tsx', 'fgts'],
        ['buyer-upload-page.tsx', 'documents'],
      ]),
    ).toEqual(['review-page.tsx: documents, fgts']);
  });

  it('holds for apps/web/src/features', () => {
    const folders = readdirSync(FEATURES, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(folders.length).toBeGreaterThan(5);
    const found = folders.flatMap((f) => [...pages(join(FEATURES, f.name), f.name)]);
    expect(samePageNames(found)).toEqual([]);
  });
});
