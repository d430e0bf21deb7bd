/**
 * Drops the rules of CSS-variable scopes that only the build-time render made. antd gives a
 * component drawn under a theme of its own (a modal's, a message's) a scope class named after a
 * React id, `css-var-<id>`. Rendered on the server, as apps/web/build/antd-static-css.ts does, those
 * ids read `_R_…_`; in the browser, where the app is rendered, never hydrated (main.tsx), React's
 * ids read `_r_…_`: no element of the app can carry such a class, and each of these rules repeated
 * the whole token set (about 12 KB of CSS apiece). A selector list keeps its other selectors.
 */
export function dropBuildTimeScopes(css: string): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    if (open < 0) {
      out += css.slice(i);
      break;
    }
    let depth = 1;
    let j = open + 1;
    for (; j < css.length && depth > 0; j++) {
      if (css[j] === '{') depth++;
      else if (css[j] === '}') depth--;
    }
    const head = css.slice(i, open);
    const body = css.slice(open + 1, j - 1);
    if (head.trim().startsWith('@')) {
      // Conditional groups hold rules of their own; other at-rules (@keyframes, @font-face) are kept whole.
      const inner = /^\s*@(media|supports|layer|container)\b/.test(head) ? dropBuildTimeScopes(body) : body;
      if (inner.trim()) out += `${head}{${inner}}`;
    } else {
      const selectors = head.split(',').filter((s) => !s.includes('css-var-_R_'));
      if (selectors.length) out += `${selectors.join(',')}{${body}}`;
    }
    i = j;
  }
  return out;
}
