import type { Config } from '../config';
import type { Db } from '../db/database';
import type { JobDefinition, JobEngine } from './jobs';
import { createPgBossJobs } from './pg-boss-engine';
import { createSqliteJobs } from './sqlite-runner';

/** The engine for the database in use: pg-boss on PostgreSQL, the in-process runner on SQLite. */
export function createJobEngine(args: {
  config: Config;
  db: Db;
  definitions: JobDefinition[];
  log?: { warn(obj: object, msg: string): void };
}): JobEngine {
  if (args.db.dialect === 'postgres') {
    return createPgBossJobs({
      connectionString: args.db.url,
      db: args.db.kysely,
      schema: args.config.jobs.schema,
      cronCheckSeconds: args.config.jobs.cronCheckSeconds,
      definitions: args.definitions,
      log: args.log,
    });
  }
  return createSqliteJobs({ db: args.db.kysely, definitions: args.definitions, log: args.log });
}
