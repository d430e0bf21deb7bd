import type { Readable } from 'node:stream';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { ZipFile } from 'yazl';
import { AMORTIZATION_LABELS, FEE_TYPE_LABELS, PROPERTY_TYPE_LABELS } from '@portal/domain/backoffice';
import { formatCep } from '@portal/domain/cep';
import { formatCpf } from '@portal/domain/cpf';
import { readableFields, type ReadableField } from '@portal/domain/field-labels';
import { formatMoney } from '@portal/domain/money';
import {
  INSURER_LABELS,
  PROPERTY_KIND_LABELS,
  PROPOSAL_TYPE_LABELS,
  STAGE_LABELS,
  STATUS_LABELS,
  type Proposal,
} from '@portal/domain/proposal';
import { SECTION_STATUS_LABELS, type SectionStatus } from '@portal/domain/sections-registry';
import type { FinancingView } from '@portal/domain/financing-view';
import { financingRows } from './dossier-financing';
import { formatInstant } from '@portal/domain/dates';

/**
 * The dossier for the bank (docs/product/back-office.md): one ZIP, streamed as it is built, with a PDF
 * summary of everything the parties filled and every accepted document, named by its checklist
 * item. The health declaration (DPS) is not in it: it goes to the insurer, never to the bank.
 */

export interface DossierDocument {
  /** Checklist item key (documents module), e.g. occupation_declaration_1. */
  item: string;
  /** Item title in Portuguese. */
  title: string;
  mime: string;
  /** The uploader's (sanitized) file name, listed in the summary. */
  name: string;
  open(): Promise<Readable>;
}

export interface DossierInput {
  proposal: Proposal;
  members: { role: 'buyer' | 'seller'; position: number; name: string; email: string; cpf: string | null }[];
  sections: { title: string; buyer: number | null; status: SectionStatus; values: Record<string, unknown> | null }[];
  history: { at: string; label: string; reason: string | null; actor: string | null }[];
  documents: DossierDocument[];
  generatedBy: string;
  generatedAt: Date;
  /** The property's values and the installments (financing module); absent in older callers. */
  financing?: FinancingView;
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
};

/** ZIP entry names: 01-resumo-PF-2026-000123.pdf, then documentos/<item>[-n].<ext>. */
export function dossierEntryNames(
  code: string,
  documents: Pick<DossierDocument, 'item' | 'mime'>[],
): { summary: string; documents: string[] } {
  const seen = new Map<string, number>();
  const total = new Map<string, number>();
  for (const d of documents) total.set(d.item, (total.get(d.item) ?? 0) + 1);
  return {
    summary: `resumo-${code}.pdf`,
    documents: documents.map((d) => {
      const n = (seen.get(d.item) ?? 0) + 1;
      seen.set(d.item, n);
      const suffix = (total.get(d.item) ?? 0) > 1 ? `-${n}` : '';
      return `documentos/${d.item}${suffix}.${EXTENSIONS[d.mime] ?? 'bin'}`;
    }),
  };
}

/** Streams the ZIP: the summary first, then each document read from storage only when its turn comes. */
export async function buildDossierZip(
  input: DossierInput,
): Promise<{ stream: Readable; fileName: string; entries: string[] }> {
  const names = dossierEntryNames(input.proposal.code, input.documents);
  const pdf = await buildSummaryPdf(input, names.documents);
  const zip = new ZipFile();
  const mtime = input.generatedAt;
  zip.addBuffer(Buffer.from(pdf), names.summary, { mtime });
  input.documents.forEach((doc, i) => {
    zip.addReadStreamLazy(names.documents[i]!, { mtime }, (cb) => {
      doc.open().then(
        (stream) => cb(null, stream),
        (err: unknown) => cb(err, undefined as never),
      );
    });
  });
  zip.end();
  return {
    stream: zip.outputStream as Readable,
    fileName: `dossie-${input.proposal.code}.zip`,
    entries: [names.summary, ...names.documents],
  };
}

// ---------------------------------------------------------------------------------------------
// The PDF summary (pdf-lib, standard Helvetica: WinAnsi text, so Portuguese accents work)
// ---------------------------------------------------------------------------------------------

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const NAVY = rgb(0.04, 0.12, 0.27);
const MUTED = rgb(0.29, 0.33, 0.41);

/** WinAnsi has Latin-1 and a few typographic marks; anything else becomes a close ASCII or goes. */
export function toWinAnsi(text: string): string {
  return text
    .replace(/→/g, '->')
    .replace(/[‐‑‒]/g, '-')
    .replace(/\u00a0/g, ' ')
    .replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, '');
}

class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.addPage();
  }
  addPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
    this.page.drawText(toWinAnsi(this.footer), { x: MARGIN, y: 24, size: 8, font: this.font, color: MUTED });
  }
  ensure(height: number) {
    if (this.y - height < MARGIN) this.addPage();
  }
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of toWinAnsi(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
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
  heading(text: string, size = 14) {
    this.ensure(size + 18);
    this.y -= 10;
    this.page.drawText(toWinAnsi(text), { x: MARGIN, y: this.y - size, size, font: this.bold, color: NAVY });
    this.y -= size + 8;
  }
  paragraph(text: string, size = 10, color = rgb(0.1, 0.1, 0.12)) {
    for (const line of this.wrap(text, this.font, size, A4.width - 2 * MARGIN)) {
      this.ensure(size + 4);
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font: this.font, color });
      this.y -= size + 4;
    }
  }
  row(label: string, value: string, indent = 0) {
    const size = 9.5;
    const labelWidth = 190 - indent;
    const valueX = MARGIN + indent + labelWidth + 8;
    const labelLines = this.wrap(label, this.font, size, labelWidth);
    const valueLines = this.wrap(value, this.bold, size, A4.width - MARGIN - valueX);
    const lines = Math.max(labelLines.length, valueLines.length);
    this.ensure(lines * (size + 4) + 2);
    labelLines.forEach((l, i) =>
      this.page.drawText(l, {
        x: MARGIN + indent,
        y: this.y - size - i * (size + 4),
        size,
        font: this.font,
        color: MUTED,
      }),
    );
    valueLines.forEach((l, i) =>
      this.page.drawText(l, { x: valueX, y: this.y - size - i * (size + 4), size, font: this.bold }),
    );
    this.y -= lines * (size + 4) + 2;
  }
  fields(fields: ReadableField[], indent = 0) {
    for (const f of fields) {
      if (f.children) {
        this.row(f.label, f.value ?? '', indent);
        f.children.forEach((child, i) => {
          if (f.children!.length > 1) this.row(`#${i + 1}`, '', indent + 12);
          this.fields(child, indent + 12);
        });
      } else this.row(f.label, f.value ?? '—', indent);
    }
  }
}

export async function buildSummaryPdf(input: DossierInput, documentEntries: string[]): Promise<Uint8Array> {
  const { proposal: p } = input;
  const doc = await PDFDocument.create();
  doc.setTitle(`Dossiê da proposta ${p.code}`);
  doc.setAuthor('Portal de Propostas');
  doc.setCreationDate(input.generatedAt);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const stamp = formatInstant(input.generatedAt);
  const w = new Writer(
    doc,
    font,
    bold,
    `Proposta ${p.code} — gerado em ${stamp} por ${input.generatedBy} — Portal de Propostas`,
  );

  w.heading(`Dossiê da proposta ${p.code}`, 18);
  w.paragraph(
    `${PROPOSAL_TYPE_LABELS[p.type]} — situação “${STATUS_LABELS[p.status]}”, etapa “${STAGE_LABELS[p.stage]}”.`,
    10,
    MUTED,
  );

  w.heading('Imóvel e condições');
  const f = p.financingOrCgiData;
  w.row('Imóvel', `${PROPERTY_KIND_LABELS[p.property.kind]} ${PROPERTY_TYPE_LABELS[p.property.type].toLowerCase()}`);
  w.row('Localização', `${p.property.city}/${p.property.uf} — CEP ${formatCep(p.property.zipCode)}`);
  w.row(p.type === 'cgi' ? 'Valor do crédito' : 'Valor financiado', formatMoney(f.amount));
  w.row('Prazo', `${f.installments} meses`);
  w.row('Sistema de amortização', AMORTIZATION_LABELS[f.amortizationSystem]);
  w.row('Taxa', FEE_TYPE_LABELS[f.feeType]);
  w.row('Seguradora', INSURER_LABELS[f.insuranceCompanyName]);
  w.row('Produto', f.product);
  if (input.financing) for (const [label, value] of financingRows(input.financing)) w.row(label, value);

  w.heading('Partes');
  for (const m of input.members) {
    const role = m.role === 'buyer' ? (m.position === 0 ? 'Comprador principal' : 'Segundo comprador') : 'Vendedor';
    w.row(role, [m.name, m.cpf ? `CPF ${formatCpf(m.cpf)}` : null, m.email].filter(Boolean).join(' — '));
  }

  for (const s of input.sections) {
    w.heading(s.title, 12);
    w.paragraph(`Estado: ${SECTION_STATUS_LABELS[s.status]}`, 9, MUTED);
    if (s.values) w.fields(readableFields(s.values));
    else w.paragraph('Não preenchida.', 9.5, MUTED);
  }

  w.heading('Documentos aceitos');
  if (!input.documents.length) w.paragraph('Nenhum documento aceito até agora.', 9.5, MUTED);
  input.documents.forEach((d, i) => w.row(d.title, `${documentEntries[i]} (enviado como ${d.name})`));
  w.paragraph(
    'A declaração de saúde (DPS) segue diretamente para a seguradora e não faz parte deste dossiê.',
    8.5,
    MUTED,
  );

  w.heading('Histórico');
  for (const h of input.history) {
    const when = formatInstant(h.at);
    w.row(
      when,
      [h.label, h.reason ? `Motivo: ${h.reason}` : null, h.actor ? `por ${h.actor}` : null].filter(Boolean).join(' — '),
    );
  }
  return doc.save();
}
