import fp from 'fastify-plugin';
import { createJobEngine } from './engine';
import { appJobs } from './app-jobs';
import type { JobDefinition, JobEngine } from './jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs (docs/decisions/048-background-jobs.md): started by main.ts, stopped with the app. */
    jobs: JobEngine;
  }
}

/**
 * The job engine with the app's jobs (and a test's extra ones), handed to the mailer for its
 * deliveries. A named plugin (docs/decisions/064-access-once-and-plugins.md): registered after the
 * clients it runs on, so on close it stops first, letting running jobs finish (bounded like the
 * requests in flight) before the mailer, storage and Redis go.
 */
export const jobsPlugin = fp<{ extraJobs?: JobDefinition[] }>(
  async (app, { extraJobs = [] }) => {
    const { config, db, mailer } = app;
    const jobs = createJobEngine({
      config,
      db,
      definitions: [
        ...appJobs({
          db: db.kysely,
          mailer,
          sessions: app.repos.sessions,
          config,
          // The services plugin comes after this one: the sweep reaches it when it runs, not now.
          sweepUploads: async () =>
            (await app.services.documents.sweep()) + (await app.services.resumableUploads.sweep()),
        }),
        ...extraJobs,
      ],
      log: app.log,
    });
    mailer.useJobs(jobs);
    app.decorate('jobs', jobs);
    app.addHook('onClose', async () => {
      // Running jobs finish first (bounded like the requests in flight); then nothing takes new ones.
      if (jobs.running) await jobs.stop(config.shutdownTimeoutMs);
    });
  },
  { name: 'jobs', dependencies: ['mailer', 'sessions'], decorators: { fastify: ['config', 'db'] } },
);
