import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
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
import { renderForm, type FormBlock, type FormDocument, type FormRow } from '../../pdf/form-pdf';
import { buildItemPdf } from './dossier-item-pdf';
import { financingRows } from './dossier-financing';
import { formatInstant } from '@portal/domain/dates';

/**
 * The dossier for the bank (docs/product/back-office.md): one ZIP, streamed as it is built, with a PDF
 * summary of everything the parties filled and, per checklist item, one PDF joining its accepted
 * documents (pictures laid on A4 pages, upright). The health declaration (DPS) is not in it: it goes to the insurer, never to the bank.
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

/**
 * ZIP entry names: resumo-PF-2026-000123.pdf, then one documentos/<item>.pdf per checklist item,
 * which joins that item's files; `documents` gives each file the entry it went into.
 */
export function dossierEntryNames(
  code: string,
  documents: Pick<DossierDocument, 'item'>[],
): { summary: string; items: string[]; documents: string[] } {
  const entry = (item: string) => `documentos/${item}.pdf`;
  return {
    summary: `resumo-${code}.pdf`,
    items: [...new Set(documents.map((d) => d.item))].map(entry),
    documents: documents.map((d) => entry(d.item)),
  };
}

/** The documents grouped by checklist item, each item's files in the order they came (upload order). */
function byItem(documents: DossierDocument[]): DossierDocument[][] {
  const groups = new Map<string, DossierDocument[]>();
  for (const d of documents) groups.set(d.item, [...(groups.get(d.item) ?? []), d]);
  return [...groups.values()];
}

/** Streams the ZIP: the summary first, then each item's PDF, drawn from storage only when its turn comes. */
export async function buildDossierZip(
  input: DossierInput,
): Promise<{ stream: Readable; fileName: string; entries: string[] }> {
  const names = dossierEntryNames(input.proposal.code, input.documents);
  const pdf = await buildSummaryPdf(input, names.documents);
  const zip = new ZipFile();
  const mtime = input.generatedAt;
  const footer = `Proposta ${input.proposal.code} — Portal de Propostas`;
  zip.addBuffer(Buffer.from(pdf), names.summary, { mtime });
  byItem(input.documents).forEach((files, i) => {
    zip.addReadStreamLazy(names.items[i]!, { mtime }, (cb) => {
      buildItemPdf({
        title: files[0]!.title,
        files: files.map((f) => ({ name: f.name, mime: f.mime, read: async () => buffer(await f.open()) })),
        footer,
        createdAt: input.generatedAt,
      }).then(
        (bytes) => cb(null, Readable.from([Buffer.from(bytes)])),
        (err: unknown) => cb(err, undefined as never),
      );
    });
  });
  zip.end();
  return {
    stream: zip.outputStream as Readable,
    fileName: `dossie-${input.proposal.code}.zip`,
    entries: [names.summary, ...names.items],
  };
}

// ---------------------------------------------------------------------------------------------
// The PDF summary, drawn by the app's one form writer
// ---------------------------------------------------------------------------------------------

/** A section's values as rows, lists and blocks nested one indent step deeper. */
function fieldRows(fields: ReadableField[], indent = 0): FormRow[] {
  return fields.flatMap((f): FormRow[] => {
    if (!f.children) return [[f.label, f.value ?? '—', indent]];
    return [
      [f.label, f.value ?? '', indent],
      ...f.children.flatMap((child, i) => [
        ...(f.children!.length > 1 ? [[`#${i + 1}`, '', indent + 12] as FormRow] : []),
        ...fieldRows(child, indent + 12),
      ]),
    ];
  });
}

/** What the summary says, in order, as the form writer's blocks. */
export function summaryDocument(input: DossierInput, documentEntries: string[]): FormDocument {
  const { proposal: p } = input;
  const f = p.financingOrCgiData;
  const stamp = formatInstant(input.generatedAt);
  const blocks: FormBlock[] = [
    { kind: 'heading', text: 'Imóvel e condições' },
    {
      kind: 'fields',
      rows: [
        ['Imóvel', `${PROPERTY_KIND_LABELS[p.property.kind]} ${PROPERTY_TYPE_LABELS[p.property.type].toLowerCase()}`],
        ['Localização', `${p.property.city}/${p.property.uf} — CEP ${formatCep(p.property.zipCode)}`],
        [p.type === 'cgi' ? 'Valor do crédito' : 'Valor financiado', formatMoney(f.amount)],
        ['Prazo', `${f.installments} meses`],
        ['Sistema de amortização', AMORTIZATION_LABELS[f.amortizationSystem]],
        ['Taxa', FEE_TYPE_LABELS[f.feeType]],
        ['Seguradora', INSURER_LABELS[f.insuranceCompanyName]],
        ['Produto', f.product],
        ...(input.financing ? financingRows(input.financing) : []),
      ],
    },
    { kind: 'heading', text: 'Partes' },
    {
      kind: 'fields',
      rows: input.members.map((m): FormRow => {
        const role = m.role === 'buyer' ? (m.position === 0 ? 'Comprador principal' : 'Segundo comprador') : 'Vendedor';
        return [role, [m.name, m.cpf ? `CPF ${formatCpf(m.cpf)}` : null, m.email].filter(Boolean).join(' — ')];
      }),
    },
  ];
  for (const s of input.sections) {
    blocks.push(
      { kind: 'heading', text: s.title },
      { kind: 'paragraph', text: `Estado: ${SECTION_STATUS_LABELS[s.status]}`, muted: true },
      s.values
        ? // The bank needs the whole debit and payment account numbers; screens show them masked.
          { kind: 'fields', rows: fieldRows(readableFields(s.values, { fullAccounts: true })) }
        : { kind: 'paragraph', text: 'Não preenchida.', muted: true },
    );
  }
  blocks.push(
    { kind: 'heading', text: 'Documentos aceitos' },
    input.documents.length
      ? {
          kind: 'fields',
          rows: input.documents.map((d, i): FormRow => [d.title, `${documentEntries[i]} (enviado como ${d.name})`]),
        }
      : { kind: 'paragraph', text: 'Nenhum documento aceito até agora.', muted: true },
    {
      kind: 'paragraph',
      text: 'A declaração de saúde (DPS) segue diretamente para a seguradora e não faz parte deste dossiê.',
      muted: true,
    },
    { kind: 'heading', text: 'Histórico' },
    {
      kind: 'fields',
      rows: input.history.map((h): FormRow => [
        formatInstant(h.at),
        [h.label, h.reason ? `Motivo: ${h.reason}` : null, h.actor ? `por ${h.actor}` : null]
          .filter(Boolean)
          .join(' — '),
      ]),
    },
  );
  return {
    title: `Dossiê da proposta ${p.code}`,
    subtitle: `${PROPOSAL_TYPE_LABELS[p.type]} — situação “${STATUS_LABELS[p.status]}”, etapa “${STAGE_LABELS[p.stage]}”.`,
    blocks,
    footer: `Proposta ${p.code} — gerado em ${stamp} por ${input.generatedBy} — Portal de Propostas`,
    author: 'Portal de Propostas',
    subject: `Dossiê da proposta ${p.code} para o banco`,
    createdAt: input.generatedAt,
  };
}

export function buildSummaryPdf(input: DossierInput, documentEntries: string[]): Promise<Uint8Array> {
  return renderForm(summaryDocument(input, documentEntries));
}
