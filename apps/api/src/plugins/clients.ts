import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { createSessionsRepository, type SessionsRepository } from '../modules/auth/sessions.repository';
import { createDbRateLimiter, createFailoverRateLimiter, type RateLimiter } from '../modules/auth/rate-limit';
import { createObjectStorage, type ObjectStorage } from '../modules/documents/storage';
import { createMailer, type Mailer } from '../modules/mail/outbox';

/**
 * The shared clients, one named plugin each (docs/decisions/064-access-once-and-plugins.md): each
 * declares the decorations and plugins it needs, and closes what it opened. buildApp registers them
 * in the order redis, limiter, sessions, storage, mailer (then jobs and services); Fastify runs the
 * onClose hooks in the reverse order: mailer stops, storage closes, redis disconnects last.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis client when REDIS_URL is set (login limits, readiness), otherwise null. */
    redis: Redis | null;
    limiter: RateLimiter;
    repos: { sessions: SessionsRepository };
    mailer: Mailer;
    /** The one file storage client (local folder or S3): documents, dossier, privacy and health use it. */
    storage: ObjectStorage;
  }
}

const needs = { fastify: ['config', 'db'] };

// ioredis (about 9 MB once imported) is loaded only when Redis is configured. Every command is
// bounded (commandTimeout), is not re-sent after a reconnect (a late duplicate would count an
// event twice), and the client keeps reconnecting every 2 s at most while Redis is away.
export const redisPlugin = fp(
  async (app) => {
    const redis = app.config.redisUrl
      ? new (await import('ioredis')).Redis(app.config.redisUrl, {
          lazyConnect: false,
          maxRetriesPerRequest: 1,
          commandTimeout: 1_000,
          connectTimeout: 2_000,
          autoResendUnfulfilledCommands: false,
          retryStrategy: (times: number) => Math.min(times * 200, 2_000),
        })
      : null;
    // One line per outage, not one per failed reconnect; readiness reports it while it lasts.
    let redisDown = false;
    redis?.on('error', (err: Error) => {
      if (!redisDown) app.log.warn({ err: err.message }, 'redis unavailable');
      redisDown = true;
    });
    redis?.on('ready', () => {
      if (redisDown) app.log.info('redis reconnected');
      redisDown = false;
    });
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  },
  { name: 'redis', decorators: needs },
);

/** With Redis, its outage moves the counting to the database: the login limits never switch off. */
export const limiterPlugin = fp(
  async (app) => {
    const { redis, db } = app;
    app.decorate(
      'limiter',
      redis
        ? createFailoverRateLimiter({ redis, fallback: createDbRateLimiter(db.kysely), log: app.log })
        : createDbRateLimiter(db.kysely),
    );
  },
  { name: 'limiter', dependencies: ['redis'], decorators: needs },
);

export const sessionsPlugin = fp(
  async (app) => {
    const sessions = createSessionsRepository(app.db.kysely, {
      idleMs: app.config.sessionIdleMs,
      absoluteMs: app.config.sessionAbsoluteMs,
    });
    app.decorate('repos', { sessions });
  },
  { name: 'sessions', decorators: needs },
);

export const storagePlugin = fp(
  async (app) => {
    const storage = createObjectStorage(app.config.documents.storage);
    app.decorate('storage', storage);
    app.addHook('onClose', async () => {
      await storage.close();
    });
  },
  { name: 'storage', decorators: needs },
);

/** The outbox's mailer; its deliveries run as a job once the jobs plugin hands it the engine. */
export const mailerPlugin = fp(
  async (app) => {
    const { config } = app;
    const mailer = createMailer({
      db: app.db.kysely,
      smtpUrl: config.smtpUrl,
      outboxDir: join(config.dataDir, 'outbox'),
      from: config.mailFrom,
      log: app.log,
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.stop();
    });
  },
  { name: 'mailer', decorators: needs },
);
