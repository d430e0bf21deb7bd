/**
 * The TypeScript parser, with every type-only import and re-export read as a value one. Given to
 * eslint-plugin-import-x as the parser of the files it follows, so `no-cycle` counts `import type`
 * edges too (docs/decisions/021-boundaries-and-lint.md): import-x skips them, and a cycle made of
 * types only still ties two modules together.
 */
import { parseForESLint as parseTypeScript } from '@typescript-eslint/parser';

/** A copy of an import or export declaration (and of its specifiers) that brings values. */
export function asValue(node) {
  const copy = { ...node };
  if ('importKind' in node) copy.importKind = 'value';
  if ('exportKind' in node) copy.exportKind = 'value';
  if (node.specifiers) copy.specifiers = node.specifiers.map(asValue);
  return copy;
}

export const MODULE_DECLARATIONS = new Set(['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration']);

export const meta = { name: 'types-as-values' };

export function parseForESLint(code, options) {
  const result = parseTypeScript(code, options);
  result.ast.body = result.ast.body.map((node) => (MODULE_DECLARATIONS.has(node.type) ? asValue(node) : node));
  return result;
}
