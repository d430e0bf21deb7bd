import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { asValue, MODULE_DECLARATIONS } from './scripts/eslint/types-as-values.js';

const root = import.meta.dirname;
const web = join(root, 'apps/web/src');
const features = readdirSync(join(web, 'features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * Where code may import from (docs/decisions/021-boundaries-and-lint.md). A feature folder of the web
 * app never imports another feature folder; components/ and lib/ (shared by every feature) import
 * no feature; packages/ import no app; the API and the web app never import each other.
 */
const zones = [
  ...features.map((feature) => ({
    target: join(web, 'features', feature),
    from: join(web, 'features'),
    except: [`./${feature}`],
    message:
      'A feature folder never imports another: move what both need to apps/web/src/components or apps/web/src/lib.',
  })),
  {
    target: [join(web, 'components'), join(web, 'lib')],
    from: [join(web, 'features'), join(web, 'app')],
    message: 'Shared code (components/, lib/) imports no feature nor the app shell.',
  },
  { target: join(root, 'packages'), from: join(root, 'apps'), message: 'packages/ import no app.' },
  {
    target: join(root, 'apps/web'),
    from: join(root, 'apps/api'),
    message: 'The web app talks to the API over HTTP only.',
  },
  { target: join(root, 'apps/api'), from: join(root, 'apps/web'), message: 'The API imports nothing of the web app.' },
];

/**
 * The proposal aggregate has one home (docs/decisions/059-*.md): its tables are queried only under
 * apps/api/src/modules/proposals/. Elsewhere, a string naming one of them (`'proposals'`,
 * `'proposal_members as m'`, `'proposal_sections.id'`) or raw SQL reading or writing one is an error.
 * Route paths ('/proposals/:id'), OpenAPI tags and other strings do not match.
 */
const AGGREGATE_TABLES = 'proposals|proposal_members|proposal_sections';
const aggregateMessage =
  'The proposal tables are queried only in apps/api/src/modules/proposals/ (queries/ holds the reads other modules need): call a function from there.';
const aggregateSelectors = [
  {
    // An OpenAPI tag (`tags: ['proposals']`) names the routes' group, not the table.
    selector: `Literal[value=/^(${AGGREGATE_TABLES})( as \\w+|\\.[\\w*]+)?$/]:not(Property[key.name='tags'] > ArrayExpression > Literal)`,
    message: aggregateMessage,
  },
  {
    selector: `TemplateElement[value.raw=/\\b(from|join|update|into)\\s+(${AGGREGATE_TABLES})\\b/i]`,
    message: aggregateMessage,
  },
];
const AGGREGATE_HOME = ['apps/api/src/modules/proposals/**', 'apps/api/src/seed/**', 'apps/api/src/db/**'];
const aggregateTables = {
  files: ['apps/api/src/**/*.ts'],
  ignores: AGGREGATE_HOME,
  rules: { 'no-restricted-syntax': ['error', ...aggregateSelectors] },
};

/**
 * Access is declared once, in the route's `config: { access }`, and checked in onRequest
 * (docs/decisions/064-access-once-and-plugins.md): a route handler takes the caller with
 * callerOf(request), never requireUser(request, role…) naming the roles a second time.
 * ESLint replaces (not merges) a rule's options from one config object to the next, so a routes
 * file outside the proposals module gets both lists.
 */
const requireUserWithRoles = {
  selector: "CallExpression[callee.name='requireUser'][arguments.length>1]",
  message:
    "A route declares who may call it in config.access (checked in onRequest): take the caller with callerOf(request), don't name the roles again.",
};
const ROUTE_FILES = ['apps/api/src/**/*.routes.ts'];
const accessOnce = [
  { files: ROUTE_FILES, rules: { 'no-restricted-syntax': ['error', requireUserWithRoles] } },
  {
    files: ROUTE_FILES,
    ignores: AGGREGATE_HOME,
    rules: { 'no-restricted-syntax': ['error', ...aggregateSelectors, requireUserWithRoles] },
  },
];

/**
 * import-x/no-cycle skips type-only imports; this one counts them (a cycle of `import type` ties two
 * modules together as well). The files it follows are read by a parser that turns type imports into
 * value ones, and the linted file's own declarations are shown to the rule the same way.
 */
const typesAsValues = join(root, 'scripts/eslint/types-as-values.js');
const importXNoCycle = importX.rules['no-cycle'];
const noCycle = {
  ...importXNoCycle,
  create(context) {
    const visitor = importXNoCycle.create(context);
    return Object.fromEntries(
      Object.entries(visitor).map(([type, check]) => [
        type,
        MODULE_DECLARATIONS.has(type) ? (node) => check(asValue(node)) : check,
      ]),
    );
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'coverage/**',
      '.stryker-tmp/**',
      'bench/mutation/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'e2e/**/*.ts'],
    plugins: { 'import-x': importX, portal: { rules: { 'no-cycle': noCycle } } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { [typesAsValues]: ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'portal/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  aggregateTables,
  ...accessOnce,
);
