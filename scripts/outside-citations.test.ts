import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: comments and docs point to docs/product/ or docs/decisions/,
 * never to a document or tracker that a reader of the repository does not have (a specification's
 * numbered sections, a design or style note kept elsewhere, an issue number).
 */
const ROOT = join(import.meta.dirname, '..');
const SCANNED = ['apps', 'packages', 'e2e', 'scripts', 'docs', 'bench', 'README.md', 'eslint.config.js'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results', 'mutation', '.stryker-tmp']);
const TEXT = /\.(ts|tsx|js|mjs|cjs|css|md|html|json|yaml|yml|sh)$/;

/** Each pattern names what it catches; built from parts so that this file does not match itself. */
const CITATIONS: [string, RegExp][] = [
  ['a numbered section of the specification', new RegExp(`\\bspec(ification)?('s)?\\s*${'§'}`, 'i')],
  ['a bare section sign', new RegExp(`(?<!art\\. \\d{1,3} )${'§'}\\s?\\d`)],
  ['the specification itself', /\b(the|this) spec(ification)?('s)?\b(?! files?\b)/i],
  ['the design note', new RegExp(`\\b${'DES'}IGN(\\.md)?\\b`)],
  ['the style note', new RegExp(`\\b${'STY'}LE\\.md\\b`)],
  ['an issue number', new RegExp(`\\bissue\\s*#\\s*\\d+`, 'i')],
  ['an issue by title', new RegExp(`\\bissue\\s+"`, 'i')],
];

function* files(path: string): Generator<string> {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    if (TEXT.test(path)) yield path;
    return;
  }
  for (const entry of readdirSync(path)) {
    if (SKIPPED_DIRS.has(entry)) continue;
    yield* files(join(path, entry));
  }
}

export function outsideCitations(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const [what, pattern] of CITATIONS) if (pattern.test(line)) found.push(`${i + 1}: ${what}: ${line.trim()}`);
  });
  return found;
}

describe('comments and docs cite only what is in the repository', () => {
  it('catches each kind of outside citation', () => {
    const section = '§';
    expect(outsideCitations(`// the guard (spec ${section}6)`)).toHaveLength(2);
    expect(outsideCitations(`/** As ${'DES'}IGN says. */`)).toHaveLength(1);
    expect(outsideCitations(`/* ${'STY'}LE.md: one map */`)).toHaveLength(1);
    expect(outsideCitations('// Back office (issue #7)')).toHaveLength(1);
    expect(outsideCitations('// the spec says so')).toHaveLength(1);
    expect(outsideCitations('// One Chromium per spec file; LGPD art. 8 ' + section + '5')).toEqual([]);
    expect(outsideCitations('// docs/product/routes-and-guards.md: the second guard')).toEqual([]);
  });

  it('finds none in apps, packages, e2e, scripts, docs and bench', () => {
    const self = relative(ROOT, import.meta.filename);
    const found: string[] = [];
    for (const top of SCANNED)
      for (const file of files(join(ROOT, top))) {
        const rel = relative(ROOT, file);
        if (rel === self) continue;
        for (const hit of outsideCitations(readFileSync(file, 'utf8'))) found.push(`${rel}:${hit}`);
      }
    expect(found).toEqual([]);
  });
});
