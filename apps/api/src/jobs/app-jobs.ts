import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SessionsRepository } from '../modules/auth/sessions.repository';
import { pruneRateLimits } from '../modules/auth/rate-limit';
import type { Mailer } from '../modules/mail/outbox';
import type { Config } from '../config';
import { queueSettings } from '../modules/proposals/queue-waits';
import { runExpiryNoticeSweep } from '../modules/reminders/expiry-notices';
import { runReminderSweep } from '../modules/reminders/reminder-sweep';
import { defineJob } from './jobs';

/**
 * Every background job of the API (docs/operations.md lists what runs when). Schedules are UTC.
 */
export function appJobs(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  sessions: SessionsRepository;
  sweepUploads: () => Promise<unknown>;
  config: Pick<Config, 'reminders' | 'publicUrl' | 'documents'>;
}) {
  return [
    // One delivery pass over the outbox: sent after each commit that queued an e-mail, and every
    // minute for the messages whose retry came due (each message keeps its own backoff).
    defineJob({
      name: 'mail.deliver',
      cron: '* * * * *',
      retryLimit: 3,
      retryDelaySeconds: 10,
      expireSeconds: 300,
      handler: () => deps.mailer.deliverJob(),
    }),
    // Objects of uploads cut off midway or of deletes whose object removal failed.
    defineJob({ name: 'uploads.sweep', cron: '*/30 * * * *', handler: async () => void (await deps.sweepUploads()) }),
    // Sessions past their expiry and stale rate-limit counters.
    defineJob({
      name: 'sessions.sweep',
      cron: '*/10 * * * *',
      handler: async () => {
        await deps.sessions.pruneExpiredSessions();
        await pruneRateLimits(deps.db);
      },
    }),
    // Reminders to a buyer or seller whose part stalled (docs/decisions/049-reminders-and-metrics.md).
    // The sweep itself skips the quiet hours; a reminder's number per person is unique, so a sweep
    // run twice sends nothing twice.
    defineJob({
      name: 'reminders.sweep',
      cron: '*/10 * * * *',
      handler: async () => {
        const { sent } = await runReminderSweep({
          db: deps.db,
          now: Date.now(),
          settings: deps.config.reminders,
          publicUrl: deps.config.publicUrl,
          validityDays: deps.config.documents.validityDays,
        });
        if (sent > 0) deps.mailer.kick();
      },
    }),
    // A document about to age past its validity: its sender is told once per copy, from the day the
    // operators' queue shows it as "Documento perto de vencer" (docs/product/reminders.md).
    defineJob({
      name: 'documents.expiry-notices',
      cron: '5 * * * *',
      handler: async () => {
        const { sent } = await runExpiryNoticeSweep({
          db: deps.db,
          now: Date.now(),
          settings: deps.config.reminders,
          noticeDays: queueSettings().expiringDays,
          publicUrl: deps.config.publicUrl,
          validityDays: deps.config.documents.validityDays,
        });
        if (sent > 0) deps.mailer.kick();
      },
    }),
  ];
}
