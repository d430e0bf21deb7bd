import { ITEM_STATE_LABELS, type ItemState } from '@portal/domain/documents';
import { formatBrDate, formatInstant, formatInstantDate } from '@portal/domain/dates';
import type { TagColor } from '../../components/plain-tag';

export { formatSize } from '../../lib/file-size';

export const formatDate = formatInstantDate;
export const formatDateTime = formatInstant;

export const STATE_COLORS: Record<ItemState, TagColor> = {
  pending: 'default',
  sent: 'blue',
  accepted: 'green',
  rejected: 'red',
  expired: 'orange',
};
export { ITEM_STATE_LABELS };

/** The issue date of the copy the validity counts from (the newest one not refused), if it was given. */
export function currentIssuedOn(files: readonly { status: string; uploadedAt: string; issuedOn: string | null }[]) {
  const current = files.filter((f) => f.status !== 'rejected').sort((a, b) => (a.uploadedAt < b.uploadedAt ? 1 : -1));
  return current[0]?.issuedOn ?? null;
}

/**
 * What the validity line says for an aging document: the days count from the document's issue date
 * when it was given with the copy, else from the sending (docs/decisions/005-documents.md).
 */
export function validityText(
  validityDays: number | null,
  expiresAt: string | null,
  issuedOn: string | null = null,
  now = Date.now(),
): string | null {
  if (validityDays === null) return null;
  if (!expiresAt) return `Validade: ${validityDays} dias a partir da data de emissão do documento.`;
  const at = new Date(expiresAt).getTime();
  if (at <= now) return `Venceu em ${formatDate(expiresAt)}: envie uma cópia nova.`;
  return issuedOn
    ? `Válido até ${formatDate(expiresAt)} (${validityDays} dias a partir da emissão, em ${formatBrDate(issuedOn)}).`
    : `Válido até ${formatDate(expiresAt)} (${validityDays} dias a partir do envio: a data de emissão não foi informada).`;
}
