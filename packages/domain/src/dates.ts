/** Dates: DD/MM/AAAA on screen, ISO (AAAA-MM-DD) stored. */
import { once } from './once';

/** 'DD/MM/AAAA' -> 'AAAA-MM-DD', or null when not a real calendar date. */
export function parseBrDate(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [, dd, mm, yyyy] = m;
  const iso = `${yyyy}-${mm}-${dd}`;
  return isIsoDate(iso) ? iso : null;
}

/** True for an existing calendar day written AAAA-MM-DD (no 31/02, no 29/02 outside leap years). */
export function isIsoDate(iso: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || mo < 1 || mo > 12 || d < 1) return false;
  const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= last;
}

export function formatBrDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** Full years between an ISO birth date and today's ISO date. */
export function ageOn(birthIso: string, todayIso: string): number {
  const [by, bm, bd] = birthIso.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = todayIso.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * Today's ISO date in Brasília time (not UTC: from 21:00 in São Paulo, UTC is already tomorrow),
 * so the browser and the server agree on "today" for birth dates and the 18+ rule.
 */
const brasilia = once(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: PORTAL_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);
export function todayIso(now: Date = new Date()): string {
  return brasilia().format(now);
}

/** Progressive DD/MM/AAAA mask for typing: '1403198' -> '14/03/198'. */
export function maskBrDate(value: string): string {
  const d = value.replace(/\D+/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/**
 * The one formatter for instants shown to people. Every date and time on screen, in PDFs and in
 * e-mails is written in São Paulo time, whatever the browser's or the server's zone: the same
 * event shows the same day and hour everywhere.
 */
export const PORTAL_TIME_ZONE = 'America/Sao_Paulo';
const spDate = once(() => new Intl.DateTimeFormat('pt-BR', { timeZone: PORTAL_TIME_ZONE, dateStyle: 'short' }));
const spTime = once(
  () => new Intl.DateTimeFormat('pt-BR', { timeZone: PORTAL_TIME_ZONE, hour: '2-digit', minute: '2-digit' }),
);
const toDate = (instant: string | number | Date) => (instant instanceof Date ? instant : new Date(instant));

/** An instant as DD/MM/AAAA in São Paulo time. */
export function formatInstantDate(instant: string | number | Date): string {
  return spDate().format(toDate(instant));
}

/** An instant as HH:MM in São Paulo time. */
export function formatInstantTime(instant: string | number | Date): string {
  return spTime().format(toDate(instant));
}

/** An instant as 'DD/MM/AAAA HH:MM' in São Paulo time. */
export function formatInstant(instant: string | number | Date): string {
  const at = toDate(instant);
  return `${spDate().format(at)} ${spTime().format(at)}`;
}
