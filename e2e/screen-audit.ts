import type { Page } from 'playwright-core';

/**
 * Words a Portuguese-speaking user should never read on the portal: English words of the trade and
 * values leaked from code. Matched as whole words, case-insensitive, in the text on screen and in
 * the names a screen reader reads (aria-label, title, placeholder, alt). A segment of a path
 * ("/backoffice/audit", on the monitoring screen) is an address, not a word.
 */
export const ENGLISH_WORDS = [
  'backoffice',
  'back office',
  'upload',
  'uploads',
  'download',
  'submit',
  'dashboard',
  'loading',
  'cancel',
  'save',
  'delete',
  'click',
  'drag',
  'drop',
  'browse',
  'select',
  'none',
  'null',
  'undefined',
  'NaN',
  'true',
  'false',
  'invalid date',
  'not found',
  'pending',
];

/** Identifiers that belong to the code: UUIDs, snake_case keys, versioned ids such as a consent's. */
export const INTERNAL_ID_PATTERNS: RegExp[] = [
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i,
  /\b[a-z]+_[a-z0-9_]+\b/,
  /\b[a-z]+(?:-[a-z]+)+-\d{4}(?:-\d{2})?\b/,
];

export const MIN_TARGET = 44;

export interface ScreenFinding {
  url: string;
  kind: 'english' | 'internal-id' | 'small-target' | 'horizontal-scroll';
  detail: string;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const englishRe = new RegExp(
  `(?<![\\p{L}\\d/-])(?:${ENGLISH_WORDS.map((w) => escape(w).replace(' ', '\\s+')).join('|')})(?![\\p{L}\\d/-])`,
  'iu',
);

/** Everything a person reads or hears on the screen now: the text, then the accessible names. */
async function readableText(page: Page): Promise<{ text: string[]; names: string[] }> {
  return page.evaluate(() => {
    const names: string[] = [];
    for (const el of Array.from(
      document.querySelectorAll<HTMLElement>('[aria-label], [title], [placeholder], img[alt]'),
    )) {
      if (el.closest('[aria-hidden="true"]')) continue;
      for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(attr);
        if (v) names.push(v);
      }
    }
    return { text: [document.title, document.body.innerText], names };
  });
}

/** A whole accessible name that is a code name ("info-circle", "arrow-left"): an icon read aloud. */
const CODE_NAME = /^[a-z]+(?:-[a-z]+)+$/;

/**
 * The interactive targets smaller than 44×44 CSS px. A control counts as big enough when its own
 * box or the box of one of its labels (a click on a label acts on the control) is. Links inside a
 * sentence are left out: their size is the text's, as WCAG's inline exception allows.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role="combobox"], [role="menuitem"], [tabindex]:not([tabindex="-1"])';
    const big = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width >= min - 0.5 && r.height >= min - 0.5;
    };
    const visible = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return false;
      const s = getComputedStyle(el);
      return s.visibility !== 'hidden' && s.display !== 'none';
    };
    const inSentence = (el: HTMLElement) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const parent = el.parentElement;
      if (!parent) return false;
      const text = (parent.textContent ?? '').replace(el.textContent ?? '', '').trim();
      return text.length > 0;
    };
    const name = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      const label =
        el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.getAttribute('name') ?? '';
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${label}" ${Math.round(r.width)}×${Math.round(r.height)}`;
    };
    const found: string[] = [];
    const seen = new Set<Element>();
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (seen.has(el) || el.closest('[aria-hidden="true"], [inert]')) continue;
      seen.add(el);
      const labels: Element[] = 'labels' in el ? Array.from((el as HTMLInputElement).labels ?? []) : [];
      const wrapper = el.closest('label');
      if (wrapper) labels.push(wrapper);
      // Inputs drawn by a styled box (antd checkboxes and radios) are invisible themselves.
      const styled = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
      if (!styled && !visible(el)) continue;
      if (styled && !labels.some((l) => visible(l as HTMLElement))) continue;
      // A visually hidden input (1 px) is no target: a visible button opens it.
      const box = el.getBoundingClientRect();
      if (!styled && (box.width <= 1 || box.height <= 1)) continue;
      // The text inside antd's field box: a click anywhere on the box focuses it.
      const fieldBox = el.closest('.ant-input-affix-wrapper, .ant-select, .ant-input-number, .ant-picker');
      if (fieldBox) labels.push(fieldBox);
      if (big(el) || labels.some(big) || inSentence(el)) continue;
      found.push(name(el));
    }
    return found;
  }, MIN_TARGET);
}

/** Every finding on the screen the page shows now. */
export async function auditScreen(page: Page, url: string): Promise<ScreenFinding[]> {
  const findings: ScreenFinding[] = [];
  const { text: texts, names } = await readableText(page);
  for (const name of names)
    if (CODE_NAME.test(name)) findings.push({ url, kind: 'internal-id', detail: `accessible name "${name}"` });
  for (const text of [...texts, ...names]) {
    const english = englishRe.exec(text);
    if (english) {
      const at = english.index;
      findings.push({
        url,
        kind: 'english',
        detail: `"${english[0]}" in “…${text.slice(Math.max(0, at - 30), at + 30)}…”`,
      });
    }
    for (const re of INTERNAL_ID_PATTERNS) {
      const id = re.exec(text);
      if (id) findings.push({ url, kind: 'internal-id', detail: `"${id[0]}"` });
    }
  }
  for (const target of await smallTargets(page)) findings.push({ url, kind: 'small-target', detail: target });
  const scroll = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  if (scroll.scroll > scroll.client)
    findings.push({ url, kind: 'horizontal-scroll', detail: `${scroll.scroll}px wide in ${scroll.client}px` });
  return findings;
}
