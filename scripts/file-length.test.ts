import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No source file of the repository is over 400 lines (code, tests, scripts and styles alike): past
 * that a file holds more than one subject and is cut by subject instead (docs/decisions/063-folders-by-subject.md).
 * Data and generated files (JSON, lock files, SQL fixtures) do not count.
 */
const ROOT = join(import.meta.dirname, '..');
const MAX_LINES = 400;
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs|css)$/;

/** The files over the limit, each as `path: lines`. */
export function overLimit(files: Iterable<[path: string, text: string]>, max = MAX_LINES): string[] {
  const over: string[] = [];
  for (const [path, text] of files) {
    const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
    if (lines > max) over.push(`${path}: ${lines}`);
  }
  return over.sort();
}

describe('no source file over 400 lines', () => {
  it('tells a file over the limit, and only that one', () => {
    expect(
      overLimit([
        ['a.ts', 'x\n'.repeat(400)],
        ['b.ts', 'x\n'.repeat(401)],
        ['c.css', 'x\n'.repeat(400) + 'x'],
      ]),
    ).toEqual(['b.ts: 401', 'c.css: 401']);
  });

  it('holds for every tracked source file', () => {
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((path) => SOURCE.test(path));
    expect(tracked.length).toBeGreaterThan(100);
    expect(overLimit(tracked.map((path) => [path, readFileSync(join(ROOT, path), 'utf8')]))).toEqual([]);
  });
});
