/**
 * Search: prefix terms (docs/decisions/007-back-office.md). A proposal is indexed under its code, the number of its
 * code, and each buyer's CPF digits and name words; a query matches when every term it types is
 * the start of one of the proposal's terms.
 */

/** Lower case, no accents; anything but letters, digits and hyphens becomes a space. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, ' ')
    .trim();
}

export function proposalSearchTerms(p: { code: string; buyers: { name: string; cpf: string | null }[] }): string[] {
  const terms = new Set<string>();
  const code = normalizeSearchText(p.code).replace(/\s+/g, '');
  if (code) terms.add(code);
  const number = /(\d+)$/.exec(code)?.[1];
  if (number) {
    terms.add(number);
    terms.add(String(Number(number)));
  }
  for (const b of p.buyers) {
    if (b.cpf) terms.add(b.cpf.replace(/\D/g, ''));
    for (const word of normalizeSearchText(b.name).split(/[\s-]+/)) if (word) terms.add(word);
  }
  return [...terms].filter((t) => t.length > 0 && t.length <= 60);
}

/** The terms of a typed query: a code or its start, a CPF (masked or not) or its start, or words. */
export function searchQueryTerms(query: string): string[] {
  const t = normalizeSearchText(query);
  if (!t) return [];
  const code = /^(pf|cgi)[\s-]*([\d\s-]*)$/.exec(t);
  if (code) return [[code[1], ...code[2]!.split(/[\s-]+/).filter(Boolean)].join('-')];
  if (/^[\d\s-]+$/.test(t) && /\d/.test(t)) {
    const digits = t.replace(/\D/g, '');
    // "529.982.247-25" and "529 982" are one CPF; "2026-004817" is the end of a code.
    return [digits];
  }
  const words = [...new Set(t.split(/[\s-]+/).filter(Boolean))];
  // A lone initial ("Ana S") narrows nothing and matches a tenth of the index: dropped beside longer words.
  const long = words.filter((w) => w.length >= 2);
  return (long.length ? long : words).slice(0, 6);
}
