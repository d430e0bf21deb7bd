import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config';
import type { Db } from './db/database';
import { createAuthService } from './modules/auth/auth.service';
import type { RateLimiter } from './modules/auth/rate-limit';
import type { SessionsRepository } from './modules/auth/sessions.repository';
import { createActivityService } from './modules/backoffice/activity.service';
import { createBackofficeService } from './modules/backoffice/backoffice.service';
import { createDossierService } from './modules/backoffice/dossier.service';
import { createOperatorsService } from './modules/backoffice/operators.service';
import { createNotesService } from './modules/backoffice/notes.service';
import { createProposalReviewService } from './modules/proposals/proposal-review.service';
import { createQueueService } from './modules/backoffice/queue.service';
import { createDocumentReviewService } from './modules/documents/operator-review.service';
import { createDocumentsServiceFromConfig } from './modules/documents/documents.service';
import { createResumableUploadsService } from './modules/documents/resumable.service';
import { createResumableStore } from './modules/documents/resumable-store';
import type { ObjectStorage } from './modules/documents/storage';
import { createFgtsService } from './modules/fgts/fgts.service';
import { createFinancingService } from './modules/financing/financing.service';
import { createHealthCipherFromConfig } from './modules/insurance/health-crypto';
import { createInsuranceService } from './modules/insurance/insurance.service';
import type { Mailer } from './modules/mail/outbox';
import type { JobEngine } from './jobs/jobs';
import { createJobsService } from './modules/jobs/jobs.service';
import { createMonitoringService, RATE_WINDOW_MS } from './modules/monitoring/monitoring.service';
import { createPrivacyService } from './modules/privacy/privacy.service';
import { createProgressService } from './modules/proposals/progress.service';
import { createProposalsService } from './modules/proposals/proposals.service';
import { createSectionsService } from './modules/sections/sections.service';
import { createSellerService } from './modules/seller/seller.service';

/**
 * Every module's service, built once at start from the shared clients and handed to the route
 * plugins as `app.services`: the one way a route reaches a module (route → service → repository).
 */
export function createServices(deps: {
  config: Config;
  db: Db;
  sessions: SessionsRepository;
  limiter: RateLimiter;
  mailer: Mailer;
  storage: ObjectStorage;
  jobs: JobEngine;
  log: FastifyBaseLogger;
}) {
  const { config, mailer, storage, log } = deps;
  const db = deps.db.kysely;
  const publicUrl = config.publicUrl;
  // The proposal core, built once and handed to the modules that read or change a proposal
  // (docs/decisions/059-the-proposal-core.md).
  const proposals = createProposalsService({ db, mailer, validityDays: config.documents.validityDays });
  const documents = createDocumentsServiceFromConfig({
    db,
    mailer,
    storage,
    config: config.documents,
    publicUrl,
    log,
    proposals,
  });
  const sections = createSectionsService({ db, proposals, publicUrl });
  const financing = createFinancingService({ db, proposals });
  const backoffice = createBackofficeService({ db, dialect: deps.db.dialect, mailer, publicUrl, proposals });
  // Health answers (DPS) are encrypted with HEALTH_DATA_KEY or DATA_DIR/keys/health.key; a bad key stops the start.
  const insurance = createInsuranceService({
    db,
    proposals,
    cipher: createHealthCipherFromConfig(config),
    onUnreadable: (info) =>
      log.error(
        { proposalId: info.proposalId, buyer: info.buyer, question: info.question },
        'health answer failed to decrypt',
      ),
  });
  return {
    auth: createAuthService({
      db,
      sessions: deps.sessions,
      limiter: deps.limiter,
      mailer,
      publicUrl,
      loginIpLimit: config.loginIpLimit,
      validityDays: proposals.validityDays,
    }),
    proposals,
    progress: createProgressService({ proposals, publicUrl }),
    sections,
    documents,
    // Resumable (tus) uploads end in documents.storeUpload (docs/decisions/053-resumable-uploads.md).
    resumableUploads: createResumableUploadsService({
      db,
      documents,
      store: createResumableStore(config.documents),
      config: config.documents,
      log,
    }),
    documentReview: createDocumentReviewService({ db, config: config.documents, publicUrl, proposals }),
    insurance,
    seller: createSellerService({ db, proposals }),
    financing,
    fgts: createFgtsService({ db, sections, proposals, propertyRules: financing.fgtsPropertyRules }),
    backoffice,
    review: createProposalReviewService({ publicUrl, proposals }),
    dossier: createDossierService({ db, storage, backoffice, financing }),
    operators: createOperatorsService({ db, mailer, publicUrl }),
    activity: createActivityService({ db }),
    queue: createQueueService({ db, proposals, publicUrl }),
    jobs: createJobsService({ db, engine: deps.jobs }),
    notes: createNotesService({ db, proposals }),
    privacy: createPrivacyService({ db, storage, insurance, mailer, outboxDir: join(config.dataDir, 'outbox') }),
    monitoring: createMonitoringService({
      db,
      apmServerUrl: config.apmServerUrl,
      log,
      // Per-client quotas follow the batch rate limit (RUM_INTAKE_LIMIT_PER_MINUTE, 120 by default):
      // five events and a quarter of a new error group per allowed batch.
      limits: {
        eventsPerClientWindow: config.rumIntakeLimit * 5,
        newGroupsPerClientWindow: Math.max(1, Math.floor(config.rumIntakeLimit / 4)),
        clientWindowMs: RATE_WINDOW_MS,
      },
    }),
  };
}
export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/**
 * `app.services`, as a named plugin (docs/decisions/064-access-once-and-plugins.md): built from the
 * shared clients the plugins it depends on decorate, before any route plugin reads it. A bad
 * health-data key stops the start here, as the registration's error.
 */
export const servicesPlugin = fp(
  async (app) => {
    const { config, db, limiter, mailer, storage, jobs, log } = app;
    app.decorate(
      'services',
      createServices({ config, db, sessions: app.repos.sessions, limiter, mailer, storage, jobs, log }),
    );
  },
  {
    name: 'services',
    dependencies: ['sessions', 'limiter', 'mailer', 'storage', 'jobs'],
    decorators: { fastify: ['config', 'db'] },
  },
);
