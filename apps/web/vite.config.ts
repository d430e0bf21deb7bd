import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { antdRuntimeCache, antdStaticCss } from './build/antd-static-css';
import { screenFiles, screenModules, type BuiltBundle } from './build/screen-files';
import { theme } from './src/app/theme';

/** Text files worth compressing; images, fonts (woff2) and source maps are left as they are. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz, best level) copy next to every text file of
 * the build, when smaller: the API server sends the copy the browser accepts, so assets are
 * compressed once at build time instead of on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
        );
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const raw = readFileSync(file);
        const br = brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

const ANTD_CSS = 'virtual:antd-css';

/**
 * `import url from 'virtual:antd-css'`: the URL of antd's stylesheet for our theme, computed when
 * the build starts (build/antd-static-css.ts) and emitted as a hashed asset; in dev, a data URL.
 */
function antdCss(): Plugin {
  let serve = false;
  return {
    name: 'portal-antd-css',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId: (id) => (id === ANTD_CSS ? `\0${ANTD_CSS}` : null),
    load(id) {
      if (id !== `\0${ANTD_CSS}`) return null;
      const css = antdStaticCss(theme);
      if (serve)
        return `export default ${JSON.stringify(`data:text/css;base64,${Buffer.from(css).toString('base64')}`)};`;
      const ref = this.emitFile({ type: 'asset', name: 'antd.css', source: css });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}

const ANTD_STYLE_CACHE = 'virtual:antd-style-cache';

/**
 * `import entries from 'virtual:antd-style-cache'`: antd's theme token and component tokens for our
 * theme, computed when the build starts (build/antd-static-css.ts, `antdRuntimeCache`); the app
 * starts its style cache with them (app/app.tsx). A JSON string parsed once: V8 reads that faster
 * than the same object as a literal.
 */
function antdStyleCache(): Plugin {
  return {
    name: 'portal-antd-style-cache',
    resolveId: (id) => (id === ANTD_STYLE_CACHE ? `\0${ANTD_STYLE_CACHE}` : null),
    load(id) {
      if (id !== `\0${ANTD_STYLE_CACHE}`) return null;
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(antdRuntimeCache(theme)))});`;
    },
  };
}

const SCREEN_LOADERS = fileURLToPath(new URL('./src/app/screen-loaders.ts', import.meta.url));

/**
 * Emits the files of each screen's chunk (build/screen-files.ts) as a JSON asset of its own,
 * `screen-files-<hash>.json`, and names it in the page's `<meta name="screen-files">`, so that the
 * app can fetch the screen a person is likely to open next without running it
 * (app/screen-loaders.ts, `prefetchScreenFiles`). A file of its own rather than inside the page:
 * only a visit that fetches ahead reads it, and it is cached like every asset.
 */
function screenFilesAsset(): Plugin {
  const PLACEHOLDER = '__PORTAL_SCREEN_FILES__';
  return {
    name: 'portal-screen-files',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { name: 'screen-files', content: PLACEHOLDER }, injectTo: 'head' },
    ],
    generateBundle(_options, bundle) {
      // Only the screens a buyer's or a seller's step leads to are fetched ahead (lib/prefetch-screen.ts).
      const modules = new Map(
        [...screenModules(readFileSync(SCREEN_LOADERS, 'utf8'), dirname(SCREEN_LOADERS))].filter(([id]) =>
          /^(buyer|seller)\./.test(id),
        ),
      );
      const shell = [fileURLToPath(new URL('./src/app/start', import.meta.url))];
      const map = screenFiles(modules, bundle as unknown as BuiltBundle, shell);
      if (Object.keys(map.screens).length !== modules.size)
        throw new Error(
          `screen-files: ${modules.size} screens in screen-loaders.ts, ${Object.keys(map.screens).length} found`,
        );
      const ref = this.emitFile({ type: 'asset', name: 'screen-files.json', source: JSON.stringify(map) });
      const page = bundle['index.html'];
      if (page?.type !== 'asset' || typeof page.source !== 'string' || !page.source.includes(PLACEHOLDER))
        throw new Error('screen-files: index.html is not in the bundle yet, or has no placeholder');
      page.source = page.source.replace(PLACEHOLDER, `/${this.getFileName(ref)}`);
    },
  };
}

const ZOD_WITH_MESSAGES = fileURLToPath(new URL('./src/lib/zod-with-messages.ts', import.meta.url));
const ZOD_MESSAGES = /[\\/]packages[\\/]domain[\\/]src[\\/]zod-messages\.ts$/;

/**
 * `import … from 'zod'` anywhere in the app resolves to src/lib/zod-with-messages.ts: zod with the
 * pt-BR messages installed. The messages load with the first module that uses zod, not with the
 * app shell (which then carries no zod at all). The installer and that module import zod itself.
 */
function zodWithMessages(): Plugin {
  return {
    name: 'portal-zod-with-messages',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod' || !importer) return null;
      if (importer === ZOD_WITH_MESSAGES || ZOD_MESSAGES.test(importer)) return null;
      return ZOD_WITH_MESSAGES;
    },
  };
}

/**
 * The production build of react-router in `vite build`. The package ships dist/production (no
 * development warnings, ENABLE_DEV_WARNINGS false) but its exports map sends every import to
 * dist/development (react-router issues #12532 and #14102, open), so a plain build bundles the
 * development code. The dev server keeps the development build and its warnings.
 */
function reactRouterProduction(): Plugin {
  const development = createRequire(import.meta.url).resolve('react-router');
  const production = join(dirname(dirname(development)), 'production', 'index.mjs');
  return {
    name: 'portal-react-router-production',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      if (!existsSync(production)) this.error(`react-router's production build is not at ${production}`);
    },
    resolveId: (source) => (source === 'react-router' ? production : null),
  };
}

export default defineConfig({
  plugins: [
    react(),
    zodWithMessages(),
    reactRouterProduction(),
    antdCss(),
    antdStyleCache(),
    screenFilesAsset(),
    precompress(),
  ],
  build: {
    target: 'es2022',
    // The bench reads what each route loads first from the manifest.
    manifest: true,
    // Source maps are written beside the assets for reading the monitoring's stack traces (and the
    // bench's profiles), but the bundles do not point at them ('hidden': no sourceMappingURL) and
    // the server never serves them (docs/decisions/044-response-headers.md).
    sourcemap: 'hidden',
    // No <link rel="modulepreload"> per dependency of a lazy chunk: inserting one costs the main
    // thread about a millisecond on a slow machine (more on a phone), and a screen has 20–40 of
    // them; the browser fetches a chunk's imports itself as it reads it. CSS dependencies still
    // load before their chunk runs. Figures: docs/decisions/033-slow-machine-main-thread.md.
    modulePreload: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
