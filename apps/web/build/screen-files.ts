import { resolve } from 'node:path';

/** What this module reads of a built chunk (Rollup's and Rolldown's output chunks have these fields). */
export interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}
export type BuiltBundle = Record<string, BuiltChunk | { type: 'asset' }>;

/**
 * Each screen's files, for fetching a screen without running it (docs/decisions/066-prefetch-without-running.md):
 * `files` lists every file once, by its name in the assets folder; `screens` gives, by route id,
 * the indexes of the files of that screen's chunk and of the chunks and stylesheets it imports,
 * leaving out those of the entry and of the app shell (loaded before any screen is drawn).
 */
export interface ScreenFiles {
  files: string[];
  screens: Record<string, number[]>;
}

/**
 * The route ids of app/screen-loaders.ts with the module each loads (`'buyer.home': () =>
 * import('../features/proposals/buyer-home-page')`), the module's path resolved from `dir`.
 */
export function screenModules(source: string, dir: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const [, key, specifier] of source.matchAll(/^\s*('[\w.-]+'|[\w]+):\s*\(\)\s*=>\s*import\('([^']+)'\)/gm))
    if (key && specifier) modules.set(key.replace(/'/g, ''), resolve(dir, specifier));
  return modules;
}

/**
 * Each screen's files in a built bundle: the chunk whose facade is the screen's module, and what it
 * imports. `shell` names the modules (paths without extension) whose chunks load with the app shell.
 */
export function screenFiles(
  modules: Map<string, string>,
  bundle: BuiltBundle,
  shell: string[] = [],
  dir = 'assets/',
): ScreenFiles {
  const chunks = Object.values(bundle).filter((c): c is BuiltChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  /** A chunk's file, the chunks it imports (transitively) and their stylesheets. */
  const closure = (start: BuiltChunk): Set<string> => {
    const seen = new Set<string>();
    const visit = (chunk: BuiltChunk) => {
      if (seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
      for (const file of chunk.imports) {
        const next = byFile.get(file);
        if (next) visit(next);
      }
    };
    visit(start);
    return seen;
  };
  const facadeOf = (c: BuiltChunk) => (c.facadeModuleId === null ? null : stripExtension(c.facadeModuleId));
  const loaded = new Set(
    chunks.filter((c) => c.isEntry || shell.includes(facadeOf(c) ?? '')).flatMap((c) => [...closure(c)]),
  );
  const files: string[] = [];
  const indexOf = new Map<string, number>();
  const screens: Record<string, number[]> = {};
  for (const [id, module] of modules) {
    const chunk = chunks.find((c) => facadeOf(c) === module);
    if (!chunk) continue;
    screens[id] = [...closure(chunk)]
      .filter((file) => !loaded.has(file))
      .map((file) => {
        let i = indexOf.get(file);
        if (i === undefined) {
          i = files.push(file.startsWith(dir) ? file.slice(dir.length) : file) - 1;
          indexOf.set(file, i);
        }
        return i;
      });
  }
  return { files, screens };
}

const stripExtension = (path: string) => path.replace(/\.(tsx?|jsx?)$/, '');
