import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { buildApp } from './app';
import { seedDemoData } from './seed/demo';
import { pruneRateLimits } from './modules/auth/rate-limit';

const config = loadConfig();
const db = openDatabase(config.databaseUrl);
await migrateToLatest(db.kysely);
const app = await buildApp({ config, db });
if (config.seedDemo && (await seedDemoData(db.kysely)))
  app.log.info('demo data seeded (password of every demo account: Demo@2026!)');

app.mailer.start();
const housekeeping = setInterval(() => {
  void app.repos.sessions.pruneExpiredSessions().catch((err) => app.log.warn({ err }, 'session prune failed'));
  void pruneRateLimits(db.kysely).catch((err) => app.log.warn({ err }, 'rate-limit prune failed'));
}, 10 * 60_000);
housekeeping.unref();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    clearInterval(housekeeping);
    void app
      .close()
      .then(() => db.close())
      .finally(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`Portal de Propostas em ${config.publicUrl}`);
