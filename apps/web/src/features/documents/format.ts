import { ITEM_STATE_LABELS, type ItemState } from '@portal/domain/documents';

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const date = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' });
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${decimal.format(bytes / 1024)} KB`;
  return `${decimal.format(bytes / (1024 * 1024))} MB`;
}

export const formatDate = (iso: string) => date.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

export const STATE_COLORS: Record<ItemState, string> = {
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
