import { ITEM_STATE_LABELS, type ItemState } from '@portal/domain/documents';
import { formatInstant, formatInstantDate } from '@portal/domain/dates';
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

/** What the validity line says for an aging document. */
export function validityText(validityDays: number | null, expiresAt: string | null, now = Date.now()): string | null {
  if (validityDays === null) return null;
  if (!expiresAt) return `Validade: ${validityDays} dias a partir do envio.`;
  const at = new Date(expiresAt).getTime();
  return at <= now
    ? `Venceu em ${formatDate(expiresAt)}: envie uma cópia nova.`
    : `Válido até ${formatDate(expiresAt)} (${validityDays} dias a partir do envio).`;
}
