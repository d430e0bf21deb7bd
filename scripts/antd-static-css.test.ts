import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dropBuildTimeScopes } from '../apps/web/build/static-css-scopes';

/**
 * antd runs without its run-time styles (docs/decisions/030-main-thread.md): its stylesheet is
 * computed at build time by rendering each component listed in apps/web/build/antd-static-css.ts.
 * A component the screens import but the list leaves out would reach the phone unstyled, so every
 * value imported from 'antd' in the web app must be in that list. ConfigProvider, Grid (its
 * breakpoint hook) and theme draw nothing of their own.
 */
const ROOT = join(import.meta.dirname, '..');
const NO_STYLES = new Set(['ConfigProvider', 'Grid', 'theme']);
/**
 * Our own markup drawn with antd's class names (components/plain-table.tsx, plain-fields.tsx,
 * table-pages.tsx, the shared select and text input in components/fields, the section forms' own
 * native fields in components/section-form, the first screens' cards, tags, alerts, progress bars,
 * empty states, results, steps and typography in components/plain-*.tsx): the component whose
 * rendering puts each class prefix's rules in the stylesheet. A table's page numbers are drawn by
 * antd's Pagination (rendered there under a table too); the steps' icons carry antd's click-wave marker (`ant-wave-target`), whose
 * wave rules come with the button's.
 */
const CLASS_OWNERS: Record<string, string> = {
  table: 'Table',
  pagination: 'Pagination',
  spin: 'Spin',
  empty: 'Empty',
  select: 'Select',
  input: 'Input',
  btn: 'Button',
  'space-compact': 'Space',
  form: 'Form',
  row: 'Row',
  col: 'Col',
  radio: 'Radio',
  switch: 'Switch',
  card: 'Card',
  tag: 'Tag',
  alert: 'Alert',
  progress: 'Progress',
  typography: 'Typography',
  result: 'Result',
  steps: 'Steps',
  wave: 'Button',
};

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) yield path;
  }
}

/** The value names an import statement takes from 'antd' (type-only names left out). */
export function antdValueImports(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'antd'/g)) {
    if (m[1]) continue;
    for (const part of m[2].split(',')) {
      const spec = part.trim();
      if (!spec || spec.startsWith('type ')) continue;
      names.push(spec.split(/\s+as\s+/)[0].trim());
    }
  }
  return names;
}

/** The antd class prefixes a source writes itself ("ant-table-cell" → "table"), not '@ant-design'. */
export function antdClassPrefixes(text: string): string[] {
  return [...text.matchAll(/(?<![@\w/-])ant-(space-compact|[a-z]+)/g)].map((m) => m[1]);
}

/** The names antd-static-css.ts destructures from antd to render. */
function renderedComponents(): Set<string> {
  const text = readFileSync(join(ROOT, 'apps/web/build/antd-static-css.ts'), 'utf8');
  const block = /const\s*\{([^}]*)\}\s*=\s*antd;/.exec(text);
  if (!block) throw new Error('antd-static-css.ts: the list of rendered components was not found');
  return new Set(
    block[1]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

describe("antd's build-time stylesheet", () => {
  it('reads value imports and leaves type-only ones out', () => {
    expect(
      antdValueImports(
        "import { App as AntApp, Form, type FormProps } from 'antd';\nimport type { TableColumnsType } from 'antd';",
      ),
    ).toEqual(['App', 'Form']);
  });

  it('reads the class prefixes a source writes', () => {
    expect(
      antdClassPrefixes(
        'import { X } from \'@ant-design/icons\';\n<div className="ant-table-wrapper ant-space-compact" />',
      ),
    ).toEqual(['table', 'space-compact']);
  });

  it('renders the components whose class names our own markup borrows', () => {
    const rendered = renderedComponents();
    const missing = new Map<string, string>();
    for (const file of sources(join(ROOT, 'apps/web/src')))
      for (const prefix of antdClassPrefixes(readFileSync(file, 'utf8'))) {
        const owner = CLASS_OWNERS[prefix] ?? `(no owner for ant-${prefix})`;
        if (!rendered.has(owner)) missing.set(prefix, file.slice(ROOT.length + 1));
      }
    expect(Object.fromEntries(missing)).toEqual({});
  });

  it('renders every antd component the web app imports', () => {
    const rendered = renderedComponents();
    const missing = new Map<string, string>();
    for (const file of sources(join(ROOT, 'apps/web/src')))
      for (const name of antdValueImports(readFileSync(file, 'utf8')))
        if (!NO_STYLES.has(name) && !rendered.has(name)) missing.set(name, file.slice(ROOT.length + 1));
    expect(Object.fromEntries(missing)).toEqual({});
  });

  it("drops the rules of the build-time render's own CSS-variable scopes, and nothing else", () => {
    const css = [
      '.portal{--ant-color-primary:#0a1f44;}',
      '.css-var-_R_a7_{--ant-color-primary:#1677ff;}',
      '.css-var-_R_i7_.ant-btn,.portal.ant-btn{--ant-btn-font-weight:500;}',
      '@media (max-width: 575px){.css-var-_R_a7_ .x{color:red}.ant-form-item-label{padding:0}}',
      '@media (min-width: 576px){.css-var-_R_hv_{color:red}}',
      '@keyframes antFadeIn{0%{opacity:0}100%{opacity:1}}',
    ].join('');
    expect(dropBuildTimeScopes(css)).toBe(
      [
        '.portal{--ant-color-primary:#0a1f44;}',
        '.portal.ant-btn{--ant-btn-font-weight:500;}',
        '@media (max-width: 575px){.ant-form-item-label{padding:0}}',
        '@keyframes antFadeIn{0%{opacity:0}100%{opacity:1}}',
      ].join(''),
    );
  });
});
