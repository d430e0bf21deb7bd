import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Kysely, Transaction } from 'kysely';
import type { Database, OutboxTable } from '../../db/schema';
import { newId } from '../../crypto';
import type { JobEngine } from '../../jobs/jobs';

type Executor = Kysely<Database> | Transaction<Database>;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  /** Extra headers, e.g. a reminder's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** Queues an e-mail in the outbox table (inside the caller's transaction when given one). */
export async function enqueueMail(db: Executor, message: MailMessage): Promise<string> {
  const now = Date.now();
  const id = newId();
  await db
    .insertInto('outbox')
    .values({
      id,
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      kind: message.kind,
      created_at: now,
      sent_at: null,
      attempts: 0,
      next_attempt_at: now,
      last_error: null,
      headers: message.headers ? JSON.stringify(message.headers) : null,
    })
    .execute();
  return id;
}

interface Transport {
  send(row: OutboxTable, from: string): Promise<void>;
}

/** The message an outbox row stands for, as either transport sends it. */
function messageOf(row: OutboxTable, from: string) {
  return {
    from,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body ?? undefined,
    messageId: `<${row.id}@portal>`,
    headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined,
  };
}

/**
 * SMTP when configured; otherwise each message becomes an .eml file in DATA_DIR/outbox. nodemailer
 * (~28 MB resident when imported alone) is loaded at the first send, not at start: an instance
 * with nothing to send never pays for it (docs/decisions/058-api-memory.md).
 */
function createTransport(args: { smtpUrl: string | null; outboxDir: string }): Transport {
  let transporter: Promise<Transporter> | null = null;
  const load = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      args.smtpUrl
        ? // Every step of a send is bounded, so a server that stops answering fails the attempt (retried
          // with backoff) instead of holding it for nodemailer's default ten minutes.
          nodemailer.createTransport({
            url: args.smtpUrl,
            connectionTimeout: 10_000,
            greetingTimeout: 10_000,
            socketTimeout: 30_000,
          })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  if (args.smtpUrl) {
    return {
      async send(row, from) {
        await (await load()).sendMail(messageOf(row, from));
      },
    };
  }
  return {
    async send(row, from) {
      const info = await (await load()).sendMail(messageOf(row, from));
      await mkdir(args.outboxDir, { recursive: true });
      const stamp = new Date(row.created_at).toISOString().replace(/[:.]/g, '-');
      await writeFile(join(args.outboxDir, `${stamp}-${row.kind}-${row.id}.eml`), info.message as Buffer);
    },
  };
}

/**
 * A claim is a lease: the sender renews it every RENEW_MS while the SMTP conversation lasts, so a
 * slow server never makes another instance send the same message; an instance that dies mid-send
 * stops renewing, and another one takes the message over at most CLAIM_MS later. Delivery is
 * therefore at least once: a message whose send was cut after the server had it may arrive twice,
 * both copies with the same Message-ID (<outbox id@portal>), which mail clients use to show it once
 * (docs/decisions/040-dependency-outages.md).
 */
const CLAIM_MS = 30_000;
const RENEW_MS = 10_000;
const backoffMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** attempts);

/**
 * Delivers due messages. A message is claimed by pushing its next attempt forward in one
 * conditional update, so several API instances never send the same one twice.
 */
export function createMailer(args: {
  db: Kysely<Database>;
  smtpUrl: string | null;
  outboxDir: string;
  from: string;
  log?: { warn(obj: object, msg: string): void };
}) {
  const transport = createTransport(args);
  let running: Promise<number> | null = null;
  let followUp: Promise<number> | null = null;
  let jobs: JobEngine | null = null;

  async function deliverDue(): Promise<number> {
    const now = Date.now();
    const due = await args.db
      .selectFrom('outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .orderBy('created_at')
      .limit(20)
      .execute();
    let sent = 0;
    for (const row of due) {
      const claim = await args.db
        .updateTable('outbox')
        .set({ next_attempt_at: now + CLAIM_MS })
        .where('id', '=', row.id)
        .where('next_attempt_at', '=', row.next_attempt_at)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) continue;
      let leaseUntil = now + CLAIM_MS;
      const renew = setInterval(() => {
        const until = Date.now() + CLAIM_MS;
        void args.db
          .updateTable('outbox')
          .set({ next_attempt_at: until })
          .where('id', '=', row.id)
          .where('next_attempt_at', '=', leaseUntil)
          .where('sent_at', 'is', null)
          .executeTakeFirst()
          .then((r) => {
            if (Number(r.numUpdatedRows) === 1) leaseUntil = until;
          })
          .catch(() => undefined);
      }, RENEW_MS);
      try {
        await transport.send(row, args.from).finally(() => clearInterval(renew));
        await args.db
          .updateTable('outbox')
          .set({ sent_at: Date.now(), attempts: row.attempts + 1, last_error: null })
          .where('id', '=', row.id)
          .execute();
        sent++;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        args.log?.warn({ outboxId: row.id, err: message }, 'mail delivery failed; will retry');
        await args.db
          .updateTable('outbox')
          .set({
            attempts: row.attempts + 1,
            last_error: message.slice(0, 500),
            next_attempt_at: Date.now() + backoffMs(row.attempts),
          })
          .where('id', '=', row.id)
          .execute();
      }
    }
    return sent;
  }

  /**
   * Runs one delivery pass. When one is under way, it may have read the queue before the caller's
   * message was committed, so one more pass follows it (callers in the meantime share that one).
   */
  function deliver(): Promise<number> {
    if (!running) {
      running = deliverDue().finally(() => {
        running = null;
      });
      return running;
    }
    followUp ??= running
      .catch(() => 0)
      .then(() => {
        followUp = null;
        return deliver();
      });
    return followUp;
  }

  return {
    deliver,
    /** The engine that runs the delivery job ('mail.deliver', docs/decisions/048-background-jobs.md). */
    useJobs(engine: JobEngine) {
      jobs = engine;
    },
    /**
     * Asks for a delivery pass soon (after the current request's transaction has committed): a
     * 'mail.deliver' job, which this instance's worker takes at once. Without a running engine (a
     * one-off command, the API tests) the pass runs here.
     */
    kick() {
      setImmediate(() => {
        if (jobs?.running) {
          void jobs
            .send('mail.deliver', {}, { singletonKey: 'kick' })
            .catch((err: unknown) =>
              args.log?.warn({ err: String(err) }, 'could not queue a delivery pass; the schedule will'),
            );
        } else void deliver().catch(() => undefined);
      });
    },
    /**
     * The delivery job's work: one pass, then, when a message waits for a retry (its backoff, or
     * another instance's lease) due within the minute, a job for that moment (the schedule is the
     * floor for the later ones).
     */
    async deliverJob() {
      await deliver();
      const next = await args.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.min<number>('next_attempt_at').as('due'))
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      if (next?.due == null || !jobs?.running) return;
      const inSeconds = Math.max(1, Math.ceil((Number(next.due) - Date.now()) / 1000));
      if (inSeconds <= 60) await jobs.send('mail.deliver', {}, { singletonKey: 'due', startAfterSeconds: inSeconds });
    },
    async stop() {
      await followUp?.catch(() => undefined);
      await running?.catch(() => undefined);
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;

/** Seconds since the oldest message still waiting in the outbox was queued; 0 when none waits. */
export async function oldestOutboxAgeSeconds(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.min<number>('created_at').as('oldest'))
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return row?.oldest == null ? 0 : Math.max(0, Math.floor((now - Number(row.oldest)) / 1000));
}
