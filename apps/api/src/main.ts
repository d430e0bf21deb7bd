import { appendFileSync } from 'node:fs';
import { ConfigError, loadConfig, startupWarnings, type Config } from './config';
import { openDatabase } from './db/database';
import { DatabaseStartError, waitForDatabase } from './db/wait';
import { migrateToLatest } from './db/migrations';
import { buildApp } from './app';
import { seedDemoData } from './seed/demo';
import { drainAndClose } from './shutdown';
import { createHealthCipherFromConfig } from './modules/insurance/health-crypto';
import { reencryptHealthAnswers } from './modules/insurance/health-rotation';

/**
 * `node main.js [command]`: `serve` (default: migrate, seed where allowed, serve), `migrate` (run
 * the migrations and exit: the deploy step before new instances start) or `rotate-health-key`
 * (re-encrypt every health answer with HEALTH_DATA_KEY, reading old ones with
 * HEALTH_DATA_KEY_PREVIOUS). See docs/deploy.md.
 */
const COMMANDS = ['serve', 'migrate', 'rotate-health-key'] as const;
const command = process.argv[2] ?? 'serve';
if (!(COMMANDS as readonly string[]).includes(command)) {
  console.error(`Unknown command "${command}". Commands: ${COMMANDS.join(', ')}.`);
  process.exit(2);
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  // One readable list of every problem, and a non-zero exit: nothing starts on a guessed value.
  console.error(err.message);
  process.exit(1);
}

// STATEMENT_LOG (measuring only): one JSON line per statement, written before its answer leaves.
const statementLog = config.statementLog;
const db = openDatabase(config.databaseUrl, {
  poolSize: config.databasePoolSize,
  ...(statementLog
    ? { onStatement: (sql, parameters) => appendFileSync(statementLog, JSON.stringify({ sql, parameters }) + '\n') }
    : {}),
});
// A database that is not up yet (started together with the portal, restarting) is waited for,
// bounded by DATABASE_START_TIMEOUT_MS; every command needs it.
try {
  await waitForDatabase(db, { timeoutMs: config.databaseStartTimeoutMs, log: (line) => console.error(line) });
} catch (err) {
  if (!(err instanceof DatabaseStartError)) throw err;
  console.error(err.message);
  await db.close().catch(() => undefined);
  process.exit(1);
}
if (command === 'migrate') {
  await migrateToLatest(db.kysely);
  await db.close();
  console.log(`Migrations up to date (${config.databaseDialect}).`);
  process.exit(0);
}

if (command === 'rotate-health-key') {
  if (!config.healthDataKey) {
    console.error(
      'HEALTH_DATA_KEY: required (the new key); HEALTH_DATA_KEY_PREVIOUS: the key the answers were written with.',
    );
    process.exit(1);
  }
  await migrateToLatest(db.kysely);
  const result = await reencryptHealthAnswers(db.kysely, createHealthCipherFromConfig(config));
  await db.close();
  console.log(`Health answers re-encrypted with the current key: ${result.reencrypted}.`);
  if (result.unreadable.length > 0) {
    // Ids only: never any health data in a log.
    console.error(
      `${result.unreadable.length} answer(s) open with neither HEALTH_DATA_KEY nor HEALTH_DATA_KEY_PREVIOUS, left as they were: ${result.unreadable.join(', ')}`,
    );
    process.exit(1);
  }
  process.exit(0);
}

// The quick start needs no separate step: boot migrates too (a no-op after `migrate`).
await migrateToLatest(db.kysely);
const app = await buildApp({ config, db });
for (const warning of startupWarnings(config)) app.log.warn(warning);
if (config.seedDemo && (await seedDemoData(db.kysely)))
  app.log.warn('demo data seeded (password of every demo account: Demo@2026!)');

// Background work (e-mail delivery, sweeps) runs as jobs: docs/decisions/048-background-jobs.md.
await app.jobs.start();
// Uploads cut off while this instance was down are swept at start too, not only on the schedule.
await app.jobs.send('uploads.sweep');
// E-mails queued while no instance ran (or before an upgrade) leave now, not at the next minute.
await app.jobs.send('mail.deliver');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: draining requests in flight (at most ${config.shutdownTimeoutMs} ms)`);
    void drainAndClose(app, { timeoutMs: config.shutdownTimeoutMs })
      .then(async (result) => {
        if (result === 'timeout') app.log.warn('requests still in flight at the time limit were cut');
        await db.close();
        process.exit(result === 'drained' ? 0 : 1);
      })
      .catch((err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`Portal de Propostas em ${config.publicUrl}`);
