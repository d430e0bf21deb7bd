import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenFiles, screenModules, type BuiltBundle, type BuiltChunk } from '../apps/web/build/screen-files';
import { SCREEN_LOADERS } from '../apps/web/src/app/screen-loaders';

/**
 * The list of each screen's files the build writes, so that the app fetches the next screen
 * without running it (docs/decisions/066-prefetch-without-running.md).
 */
const LOADERS = join(import.meta.dirname, '../apps/web/src/app/screen-loaders.ts');

const chunk = (
  fileName: string,
  facade: string | null,
  imports: string[] = [],
  css: string[] = [],
  isEntry = false,
): BuiltChunk => ({
  type: 'chunk',
  fileName,
  facadeModuleId: facade,
  isEntry,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

describe("each screen's files", () => {
  it('finds the module of every screen in app/screen-loaders.ts, each a file that exists', () => {
    const modules = screenModules(readFileSync(LOADERS, 'utf8'), dirname(LOADERS));
    expect([...modules.keys()].sort()).toEqual(Object.keys(SCREEN_LOADERS).sort());
    for (const [id, module] of modules) expect(existsSync(`${module}.tsx`), id).toBe(true);
  });

  it("lists a screen's chunk, the chunks it imports and their stylesheets, once each, without the entry's or the shell's", () => {
    const bundle: BuiltBundle = {
      'assets/index.js': chunk('assets/index.js', '/src/main.tsx', ['assets/react.js'], ['assets/index.css'], true),
      'assets/react.js': chunk('assets/react.js', null),
      'assets/start.js': chunk('assets/start.js', '/src/app/start.tsx', ['assets/router.js', 'assets/react.js']),
      'assets/router.js': chunk('assets/router.js', null),
      'assets/home.js': chunk('assets/home.js', '/src/features/home-page.tsx', [
        'assets/docs.js',
        'assets/react.js',
        'assets/router.js',
      ]),
      'assets/docs.js': chunk('assets/docs.js', null, ['assets/dates.js'], ['assets/docs.css']),
      'assets/dates.js': chunk('assets/dates.js', null),
      'assets/data.js': chunk('assets/data.js', '/src/features/data-page.tsx', ['assets/dates.js']),
      'assets/logo.svg': { type: 'asset' },
    };
    const modules = new Map([
      ['buyer.home', '/src/features/home-page'],
      ['buyer.data', '/src/features/data-page'],
      ['buyer.gone', '/src/features/gone-page'],
    ]);
    const { files, screens } = screenFiles(modules, bundle, ['/src/app/start']);
    const named = (id: string) => screens[id]!.map((i) => files[i]).sort();
    expect(named('buyer.home')).toEqual(['dates.js', 'docs.css', 'docs.js', 'home.js']);
    expect(named('buyer.data')).toEqual(['data.js', 'dates.js']);
    // A screen whose chunk the bundle lacks is left out (the build then fails: vite.config.ts).
    expect(screens['buyer.gone']).toBeUndefined();
    expect(files.filter((f) => f === 'dates.js')).toHaveLength(1);
  });
});
