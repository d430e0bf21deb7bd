import { z } from 'zod';
import { isPartOpen } from './proposal-status';
import type { ProposalStatus } from './proposal';
import { nextStepFor, openStepsFor, type Step, type Viewer } from './next-step';

/**
 * Reminders to a buyer or seller whose part of a proposal stalled (docs/decisions/049-reminders-and-metrics.md),
 * as pure rules: who may get one, when the next one is due, the quiet hours of São Paulo. The API's
 * sweep gathers the facts and sends what these rules say.
 */

/** Where the quiet hours are counted: the people of the portal live in Brazil. */
export const REMINDER_TIME_ZONE = 'America/Sao_Paulo';
const HOUR_MS = 3_600_000;

export interface ReminderSettings {
  /** Off: no reminder is sent at all (REMINDERS_ENABLED=0). */
  enabled: boolean;
  /** How long a person stays without activity before the first reminder (REMINDER_IDLE_HOURS). */
  idleMs: number;
  /** Least time between two reminders to the same person on the same proposal (REMINDER_INTERVAL_HOURS). */
  intervalMs: number;
  /** Reminders per person per proposal, ever (REMINDER_MAX). */
  max: number;
  /** Quiet hours in São Paulo: from quietStart:00 to quietEnd:00 nothing is sent (REMINDER_QUIET_START/END). */
  quietStart: number;
  quietEnd: number;
}

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  enabled: true,
  idleMs: 48 * HOUR_MS,
  intervalMs: 48 * HOUR_MS,
  max: 3,
  quietStart: 20,
  quietEnd: 8,
};

const clock = new Intl.DateTimeFormat('en-US', {
  timeZone: REMINDER_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The wall clock of São Paulo at an instant. */
function localParts(at: number) {
  const parts = Object.fromEntries(clock.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const n = (k: string) => Number(parts[k]);
  return {
    year: n('year'),
    month: n('month'),
    day: n('day'),
    hour: n('hour'),
    minute: n('minute'),
    second: n('second'),
  };
}

/** The hour (0–23) in São Paulo at an instant. */
export const saoPauloHour = (at: number): number => localParts(at).hour;

/** Whether an hour of the day falls in the quiet window (which may run over midnight, 20 → 8). */
function isQuietHour(hour: number, s: Pick<ReminderSettings, 'quietStart' | 'quietEnd'>): boolean {
  if (s.quietStart === s.quietEnd) return false;
  return s.quietStart > s.quietEnd
    ? hour >= s.quietStart || hour < s.quietEnd
    : hour >= s.quietStart && hour < s.quietEnd;
}

/** Nothing is sent now: the quiet hours of São Paulo. */
export const isQuietTime = (at: number, s: Pick<ReminderSettings, 'quietStart' | 'quietEnd'>): boolean =>
  isQuietHour(saoPauloHour(at), s);

/**
 * The first instant at or after `at` outside the quiet hours: `at` itself in the day, else the
 * next quietEnd:00 in São Paulo (a reminder due at 22:00 waits until 08:00).
 */
export function afterQuietHours(at: number, s: Pick<ReminderSettings, 'quietStart' | 'quietEnd'>): number {
  const p = localParts(at);
  if (!isQuietHour(p.hour, s)) return at;
  // São Paulo's offset at this instant (whole minutes), from its wall clock.
  const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
  const nextDay = p.hour >= s.quietEnd ? 1 : 0;
  return Date.UTC(p.year, p.month - 1, p.day + nextDay, s.quietEnd) - offset;
}

/** Facts about one person on one proposal at the time of a sweep. */
export interface ReminderFacts {
  now: number;
  status: ProposalStatus;
  viewer: Viewer;
  /** The proposal's derived steps (next-step.ts). */
  steps: readonly Step[];
  /** Reminders this person already got on this proposal, and when the last one went. */
  sentCount: number;
  lastSentAt: number | null;
  /** The person's last activity (docs/decisions/049-reminders-and-metrics.md says what counts). */
  lastActivityAt: number;
  /** The person said "Não quero mais lembretes". */
  optedOut: boolean;
  /** An operator turned reminders off on this proposal. */
  proposalOff: boolean;
}

export type ReminderSkip =
  | 'disabled'
  | 'proposal_off'
  | 'opted_out'
  | 'part_closed'
  | 'nothing_to_do'
  | 'max_reached'
  | 'not_yet'
  | 'quiet_hours';

export type ReminderDecision =
  | { send: true; next: Step; pending: number }
  | {
      send: false;
      reason: ReminderSkip;
      /** When it would be sent, if nothing changes (not_yet, quiet_hours). */ dueAt?: number;
    };

/**
 * Whether this person gets a reminder now. Only while their own part is open (the buyers' while the
 * proposal is being filled or a correction is asked; the seller's also while the proposal waits for
 * them) and they have a step they may do; at most `max`, the first `idle` after their last activity,
 * each next one `interval` after the previous and `idle` after their last activity; never in the
 * quiet hours (it waits until they end).
 */
export function decideReminder(f: ReminderFacts, s: ReminderSettings): ReminderDecision {
  if (!s.enabled) return { send: false, reason: 'disabled' };
  if (f.proposalOff) return { send: false, reason: 'proposal_off' };
  if (f.optedOut) return { send: false, reason: 'opted_out' };
  if (!isPartOpen(f.status, f.viewer.role)) return { send: false, reason: 'part_closed' };
  const next = nextStepFor(f.steps, f.viewer);
  if (!next) return { send: false, reason: 'nothing_to_do' };
  if (f.sentCount >= s.max) return { send: false, reason: 'max_reached' };
  const due = Math.max(f.lastActivityAt + s.idleMs, f.lastSentAt === null ? 0 : f.lastSentAt + s.intervalMs);
  if (f.now < due) return { send: false, reason: 'not_yet', dueAt: afterQuietHours(due, s) };
  if (isQuietTime(f.now, s)) return { send: false, reason: 'quiet_hours', dueAt: afterQuietHours(f.now, s) };
  return { send: true, next, pending: openStepsFor(f.steps, f.viewer).length };
}

/** "1 etapa" / "5 etapas" still to do by this person. */
export const pendingLabel = (n: number) => `${n} ${n === 1 ? 'etapa' : 'etapas'}`;

/* ---------- What the API answers ---------- */

/** GET/POST /reminders/opt-out: whether the link's person still gets reminders. */
export const reminderOptOutSchema = z.object({
  firstName: z.string(),
  enabled: z.boolean(),
});
export type ReminderOptOutView = z.infer<typeof reminderOptOutSchema>;
export const reminderTokenInputSchema = z.strictObject({ token: z.string().min(20).max(200) });

/** The person's own switch (privacy page) and an operator's per proposal. */
export const remindersSwitchSchema = z.strictObject({ enabled: z.boolean() });

/** The back office's view of a proposal's reminders: the switch and what was sent to whom. */
export const proposalRemindersSchema = z.object({
  enabled: z.boolean(),
  changedAt: z.string().nullable(),
  sent: z.array(
    z.object({
      name: z.string(),
      role: z.enum(['buyer', 'seller']),
      seq: z.number().int(),
      sentAt: z.string(),
    }),
  ),
});
export type ProposalRemindersView = z.infer<typeof proposalRemindersSchema>;

/** The landing of the e-mails' "Não quero mais lembretes" link (web route). */
export const REMINDER_OPT_OUT_PATH = '/auth/lembretes';
