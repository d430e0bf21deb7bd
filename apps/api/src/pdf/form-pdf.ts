import type { PDFFont, PDFPage } from '@cantoo/pdf-lib';

/**
 * The one layout writer of the API's PDFs (the FGTS forms and the bank dossier's summary): a title,
 * headings, label/value rows (nested rows indented), a table, paragraphs and signature lines, on as
 * many A4 pages as needed, each page footed with "página i de n". Fonts are the standard ones
 * (Helvetica, embedded by name, no file or network); they use WinAnsi encoding, which covers
 * Portuguese (á, ã, ç, º…): any other character is reduced to a close form, its base letter, or
 * '?', instead of failing.
 */
export type FormRow = [label: string, value: string, indent?: number];
export type FormBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'fields'; rows: FormRow[] }
  | { kind: 'table'; columns: { title: string; width: number; align?: 'left' | 'right' }[]; rows: string[][] }
  | { kind: 'paragraph'; text: string; muted?: boolean }
  | { kind: 'signatures'; lines: string[] };

export interface FormDocument {
  title: string;
  subtitle: string;
  blocks: FormBlock[];
  footer: string;
  /** PDF metadata. */
  author: string;
  subject: string;
  /** PDF creation date; now when absent. */
  createdAt?: Date;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;

/** Characters the font lacks that have a close spelling it has. */
const CLOSE_FORMS: Record<string, string> = { '→': '->', '‐': '-', '‑': '-', '‒': '-', '\u00a0': ' ' };

/** Keeps what the font can encode; accents it cannot are dropped to the base letter, the rest to '?'. */
export function sanitizeForFont(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const raw of text.replace(/[\r\t]/g, ' ')) {
    const ch = CLOSE_FORMS[raw] ?? raw;
    if (ch !== raw) {
      out += ch;
      continue;
    }
    const code = ch.codePointAt(0)!;
    if (ch === '\n' || supported.has(code)) {
      out += ch;
      continue;
    }
    const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += base && [...base].every((c) => supported.has(c.codePointAt(0)!)) ? base : '?';
  }
  return out;
}

export async function renderForm(doc: FormDocument): Promise<Uint8Array> {
  // Loaded on the first PDF, not at start: the library holds about 35 MB of memory once imported,
  // which an API instance that never writes a PDF should not carry (docs/decisions/005-documents.md).
  const { PDFDocument, StandardFonts, rgb } = await import('@cantoo/pdf-lib');
  const NAVY = rgb(0.04, 0.12, 0.27);
  const GRAY = rgb(0.35, 0.38, 0.42);
  const LINE = rgb(0.8, 0.82, 0.86);
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title);
  pdf.setAuthor(doc.author);
  pdf.setSubject(doc.subject);
  pdf.setLanguage('pt-BR');
  pdf.setCreator('Portal de Propostas');
  pdf.setProducer('Portal de Propostas');
  if (doc.createdAt) pdf.setCreationDate(doc.createdAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const supported = new Set(regular.getCharacterSet());
  const clean = (t: string) => sanitizeForFont(t, supported);

  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const contentWidth = A4.width - 2 * MARGIN;

  function newPage() {
    page = pdf.addPage([A4.width, A4.height]);
    pages.push(page);
    y = A4.height - MARGIN;
  }
  function ensure(height: number) {
    if (y - height < MARGIN + 24) newPage();
  }
  function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of clean(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
        else {
          lines.push(line);
          line = word;
        }
      }
      lines.push(line);
    }
    return lines;
  }
  function text(value: string, x: number, size: number, font: PDFFont = regular, color = rgb(0, 0, 0)) {
    page.drawText(value, { x, y, size, font, color });
  }
  /** The thin line under a row of fields or of a table, across the page. */
  function rule() {
    page.drawLine({
      start: { x: MARGIN, y: y + 1 },
      end: { x: MARGIN + contentWidth, y: y + 1 },
      thickness: 0.5,
      color: LINE,
    });
  }

  newPage();
  for (const line of wrap(doc.title, bold, 15, contentWidth)) {
    y -= 17;
    text(line, MARGIN, 15, bold, NAVY);
  }
  for (const line of wrap(doc.subtitle, regular, 10, contentWidth)) {
    y -= 14;
    text(line, MARGIN, 10, regular, GRAY);
  }
  y -= 10;

  for (const block of doc.blocks) {
    if (block.kind === 'heading') {
      // A heading never ends a page: room for it and a few rows.
      ensure(100);
      y -= 18;
      page.drawRectangle({ x: MARGIN, y: y - 5, width: contentWidth, height: 18, color: rgb(0.93, 0.95, 0.98) });
      text(clean(block.text), MARGIN + 6, 11, bold, NAVY);
      y -= 10;
    } else if (block.kind === 'fields') {
      const labelWidth = 170;
      for (const [label, value, indent = 0] of block.rows) {
        const valueLines = wrap(value || '—', regular, 10, contentWidth - labelWidth);
        const labelLines = wrap(label, bold, 9, labelWidth - 8 - indent);
        const lines = Math.max(valueLines.length, labelLines.length);
        ensure(lines * 13 + 6);
        const top = y;
        labelLines.forEach((l, i) => {
          y = top - 13 * (i + 1);
          text(l, MARGIN + indent, 9, bold, GRAY);
        });
        valueLines.forEach((l, i) => {
          y = top - 13 * (i + 1);
          text(l, MARGIN + labelWidth, 10);
        });
        y = top - 13 * lines - 4;
        rule();
      }
    } else if (block.kind === 'table') {
      const total = block.columns.reduce((n, c) => n + c.width, 0);
      const widths = block.columns.map((c) => (c.width / total) * contentWidth);
      const row = (cells: string[], font: PDFFont) => {
        const wrapped = cells.map((cell, i) => wrap(cell || '—', font, 9.5, widths[i]! - 8));
        const lines = Math.max(...wrapped.map((w) => w.length));
        ensure(lines * 12 + 8);
        const top = y;
        let x = MARGIN;
        wrapped.forEach((cellLines, i) => {
          cellLines.forEach((l, j) => {
            y = top - 12 * (j + 1);
            const right = block.columns[i]!.align === 'right';
            text(l, right ? x + widths[i]! - 4 - font.widthOfTextAtSize(l, 9.5) : x + 4, 9.5, font);
          });
          x += widths[i]!;
        });
        y = top - 12 * lines - 5;
        rule();
      };
      y -= 4;
      row(
        block.columns.map((c) => c.title),
        bold,
      );
      for (const cells of block.rows) row(cells, regular);
    } else if (block.kind === 'paragraph') {
      const lines = wrap(block.text, regular, 9.5, contentWidth);
      ensure(lines.length * 12 + 6);
      y -= 4;
      for (const l of lines) {
        y -= 12;
        text(l, MARGIN, 9.5, regular, block.muted ? GRAY : rgb(0, 0, 0));
      }
    } else {
      for (const label of block.lines) {
        ensure(60);
        y -= 46;
        page.drawLine({
          start: { x: MARGIN, y },
          end: { x: MARGIN + contentWidth * 0.7, y },
          thickness: 0.8,
          color: rgb(0, 0, 0),
        });
        y -= 12;
        text(clean(label), MARGIN, 9, regular, GRAY);
      }
    }
  }

  pages.forEach((p, i) => {
    const footer = clean(`${doc.footer} — página ${i + 1} de ${pages.length}`);
    p.drawText(footer, { x: MARGIN, y: MARGIN - 20, size: 8, font: regular, color: GRAY });
  });
  return pdf.save();
}
