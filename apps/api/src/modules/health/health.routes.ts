import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/database';
import type { DocumentsConfig } from '../documents/documents.config';
import type { ObjectStorage } from '../documents/storage';

type Check = () => Promise<unknown>;
type Outcome = 'ok' | 'failing';

/** A dependency that does not answer within this time counts as failing (the probe must answer fast). */
const CHECK_TIMEOUT_MS = 3_000;
const LABELS: Record<string, string> = {
  database: 'banco de dados',
  storage: 'armazenamento de arquivos',
  redis: 'Redis',
};

async function run(check: Check): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'failing';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for load balancers and orchestrators (docs/deploy.md):
 * - /api/health/live: the process answers (restart it when not);
 * - /api/health/ready: it can serve: the database and the local upload folder answer. Redis and an
 *   S3 bucket are checked and reported in `checks`, but their outage does not make the instance
 *   unready: every instance shares it, the portal keeps serving around it (login limits count in the
 *   database, uploads answer 503), and taking every instance out of the pool would turn a partial
 *   outage into a total one (docs/decisions/040-dependency-outages.md). 503 names the failing part;
 *   while stopping, Fastify answers 503 to every new request, so the instance leaves the pool before
 *   it closes.
 * - /api/health: the database answers (kept for existing probes).
 */
export async function healthRoutes(
  app: FastifyInstance,
  deps: { db: Db; storageConfig: DocumentsConfig['storage']; storage: ObjectStorage; redis: Redis | null },
) {
  const database: Check = () => deps.db.kysely.selectFrom('users').select('id').limit(1).execute();
  let storage: Check;
  if (deps.storageConfig.driver === 'local') {
    const dir = deps.storageConfig.dir;
    storage = async () => {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.W_OK);
    };
  } else {
    storage = () => deps.storage.list('health-probe/');
  }
  /** Shared dependencies the portal survives in part: reported, never a reason to leave the pool. */
  const degradable = new Set(['redis', ...(deps.storageConfig.driver === 's3' ? ['storage'] : [])]);
  const checks: Record<string, Check> = {
    database,
    storage,
    ...(deps.redis ? { redis: () => deps.redis!.ping() } : {}),
  };

  app.get('/api/health', { schema: { hide: true } }, async () => {
    await database();
    return { ok: true };
  });
  app.get('/api/health/live', { schema: { hide: true } }, async () => ({ ok: true }));
  app.get('/api/health/ready', { schema: { hide: true } }, async (_request, reply) => {
    const names = Object.keys(checks);
    const outcomes = await Promise.all(names.map((name) => run(checks[name]!)));
    const result = Object.fromEntries(names.map((name, i) => [name, outcomes[i]!]));
    const failing = names.filter((name) => result[name] === 'failing' && !degradable.has(name));
    if (failing.length === 0) return { ok: true, checks: result };
    return reply.status(503).send({
      error: {
        code: 'not_ready',
        message: `Serviço indisponível: ${failing.map((name) => LABELS[name] ?? name).join(', ')}.`,
        fields: {},
      },
      checks: result,
    });
  });
}
