import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { decideAnalytics, RUM_SERVICE_NAME, type PublicSettings } from '@portal/domain/monitoring';
import { loadDocumentsConfig, type DocumentsConfig } from './modules/documents/documents.config';
import type { ReminderSettings } from '@portal/domain/reminders';

/**
 * The configuration, read once from the environment at start (docs/decisions/011-production-config.md).
 * Every variable is checked; a bad or contradictory value stops the start with the list of every
 * problem (ConfigError) instead of silently falling back to a default.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  /** 'postgres' when DATABASE_URL is postgres://…, otherwise the SQLite file. */
  databaseDialect: 'sqlite' | 'postgres';
  /** PostgreSQL connections per API instance (DATABASE_POOL_SIZE, default 10). */
  databasePoolSize: number;
  /** STATEMENT_LOG: a file every database statement is appended to, with its parameters (the bench; docs/decisions/057). */
  statementLog: string | null;
  /** How long the start waits for the database to answer before exiting (DATABASE_START_TIMEOUT_MS, default 60 s). */
  databaseStartTimeoutMs: number;
  /** NODE_ENV=production: no demo data by default, /api/docs is the operators' only. */
  isProduction: boolean;
  /** Whether an empty database gets the demo accounts (see decideDemoSeed). */
  seedDemo: boolean;
  /** SEED_DEMO=1 where demo data would not be seeded by default: the start warns loudly. */
  isSeedForced: boolean;
  /** Base URL of the portal as users reach it; e-mailed links start with it. */
  publicUrl: string;
  /** Origins allowed to send state-changing requests besides the request's own host. */
  allowedOrigins: string[];
  cookieSecure: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  redisUrl: string | null;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** false: the socket's address is the client; n: trust n proxy hops; list: trust these proxies only. */
  trustProxy: false | number | string[];
  webDist: string;
  logLevel: string;
  /** Login attempts allowed per client IP per minute (the per-account limit is fixed at 10 failures). */
  loginIpLimit: number;
  /** ViaCEP-compatible URL with {cep}, e.g. https://viacep.com.br/ws/{cep}/json/; unset: addresses typed by hand. */
  cepServiceUrl: string | null;
  /** What the browser reads at run time from GET /api/public-settings (monitoring, analytics). */
  publicSettings: PublicSettings;
  /** APM Server that also receives the front end's monitoring batches; null keeps them here only. */
  apmServerUrl: string | null;
  /** Monitoring batches (POST /api/intake/v2/rum/events) accepted per client IP per minute. */
  rumIntakeLimit: number;
  /** CSP sources added to script-src, connect-src and img-src, only when the analytics script loads. */
  analyticsCspSources: string[];
  /** Uploads: storage driver, size limit, virus scan, validity of aging documents. */
  documents: DocumentsConfig;
  /** HEALTH_DATA_KEY: base64 of the 32-byte key of health answers; null uses DATA_DIR/keys/health.key (SQLite only). */
  healthDataKey: string | null;
  /** HEALTH_DATA_KEY_PREVIOUS: the key before a rotation, still accepted for reading. */
  healthDataKeyPrevious: string | null;
  /** How long a stop (SIGTERM) waits for requests in flight before exiting anyway. */
  shutdownTimeoutMs: number;
  /** Background jobs on PostgreSQL (pg-boss): its schema, how often instances check the schedules (docs/decisions/048). */
  jobs: { schema: string; cronCheckSeconds: number };
  /** Reminders to a stalled buyer or seller (REMINDERS_ENABLED, REMINDER_*; docs/decisions/049). */
  reminders: ReminderSettings;
  /** METRICS_TOKEN: the bearer token of GET /metrics (Prometheus); null: /metrics answers 404. */
  metricsToken: string | null;
}

/** Every problem of the environment at once, one per line, for the operator. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const FLAG = /^(1|0|true|false)$/;

const whole = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^\d+$/, { error: 'must be a whole number' })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `must be between ${min} and ${max}` });
const positive = z
  .string()
  .regex(/^\d+(\.\d+)?$/, { error: 'must be a positive number' })
  .transform(Number)
  .refine((n) => n > 0, { error: 'must be a positive number' });
const flag = z.string().regex(FLAG, { error: 'must be 1 or 0' });
const url = (schemes: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return schemes.includes(new URL(v).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    { error: `must be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}` },
  );
const base64Key = z
  .string()
  .refine((v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v.trim()) && Buffer.from(v.trim(), 'base64').length === 32, {
    error: 'must be the base64 of 32 random bytes (e.g. `openssl rand -base64 32`)',
  });
const isProxyAddress = (entry: string) => {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address || !isIP(address)) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128);
};
/** A hop count (0 = no proxy) or the proxies' addresses/CIDR ranges; "trust every hop" is not offered. */
const trustProxy = z.string().transform((v, ctx): false | number | string[] => {
  if (/^\d+$/.test(v)) return Number(v) === 0 ? false : Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((s) => !isProxyAddress(s));
  if (list.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses (e.g. 10.0.0.1,10.0.1.0/24); not ${bad.map((s) => JSON.stringify(s)).join(', ') || 'empty'}`,
    });
    return z.NEVER;
  }
  return list;
});

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: whole(0, 65_535).optional(),
  HOST: z.string().optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v) || !/^[a-z][a-z0-9+.-]*:\/\//i.test(v), {
      error: 'must be postgres://… or the path of a SQLite file',
    })
    .optional(),
  DATABASE_POOL_SIZE: whole(1, 100).optional(),
  DATABASE_START_TIMEOUT_MS: whole(0, 3_600_000).optional(),
  STATEMENT_LOG: z.string().optional(),
  SEED_DEMO: flag.optional(),
  PUBLIC_URL: url(['http', 'https']).optional(),
  ALLOWED_ORIGINS: z
    .string()
    .refine(
      (v) =>
        v
          .split(',')
          .filter(Boolean)
          .every((o) => /^https?:\/\/[^/]+$/.test(o.trim())),
      {
        error: 'must be comma-separated origins like https://example.com (no path)',
      },
    )
    .optional(),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().optional(),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  SESSION_IDLE_MINUTES: whole(1).optional(),
  SESSION_ABSOLUTE_MINUTES: whole(1).optional(),
  TRUST_PROXY: trustProxy.optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  LOGIN_IP_LIMIT_PER_MINUTE: whole(1).optional(),
  CEP_SERVICE_URL: url(['http', 'https'])
    .refine((v) => v.includes('{cep}'), { error: 'must contain {cep}' })
    .optional(),
  PUBLIC_LOGGER_ENABLED: flag.optional(),
  PUBLIC_APM_ENVIRONMENT: z.string().optional(),
  // Not checked here on purpose: the browser agent reports a bad service name itself (monitoring rules).
  PUBLIC_APM_SERVICE_NAME: z.string().optional(),
  PUBLIC_ANALYTICS_ENABLED: flag.optional(),
  PUBLIC_ANALYTICS_ID: z.string().optional(),
  PUBLIC_ANALYTICS_SRC: z.string().optional(),
  ANALYTICS_CSP_SOURCES: z.string().optional(),
  APM_SERVER_URL: url(['http', 'https']).optional(),
  RUM_INTAKE_LIMIT_PER_MINUTE: whole(1).optional(),
  UPLOAD_MAX_MB: positive.optional(),
  UPLOAD_QUOTA_USER_MB: positive.optional(),
  UPLOAD_QUOTA_PROPOSAL_MB: positive.optional(),
  UPLOAD_RESUMABLE_EXPIRY_SECONDS: whole(60).optional(),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: url(['http', 'https']).optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  CLAMAV_HOST: z.string().optional(),
  CLAMAV_PORT: whole(1, 65_535).optional(),
  CLAMAV_TIMEOUT_MS: whole(1).optional(),
  DOC_VALIDITY_PROOF_OF_ADDRESS_DAYS: whole(1).optional(),
  DOC_VALIDITY_PROPERTY_REGISTRATION_DAYS: whole(1).optional(),
  DOC_VALIDITY_FGTS_STATEMENT_DAYS: whole(1).optional(),
  // The operators' queue (docs/decisions/050-operator-queue.md), read by proposals/queue-waits.ts.
  QUEUE_INVITATION_DAYS: whole(1).optional(),
  QUEUE_EXPIRING_DAYS: whole(1).optional(),
  HEALTH_DATA_KEY: base64Key.optional(),
  HEALTH_DATA_KEY_PREVIOUS: base64Key.optional(),
  SHUTDOWN_TIMEOUT_MS: whole(1).optional(),
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, { error: 'must be a PostgreSQL schema name (a-z, 0-9, _)' })
    .optional(),
  JOBS_CRON_CHECK_SECONDS: whole(1, 45).optional(),
  REMINDERS_ENABLED: flag.optional(),
  REMINDER_IDLE_HOURS: whole(1, 24 * 365).optional(),
  REMINDER_INTERVAL_HOURS: whole(1, 24 * 365).optional(),
  REMINDER_MAX: whole(0, 20).optional(),
  REMINDER_QUIET_START: whole(0, 23).optional(),
  REMINDER_QUIET_END: whole(0, 23).optional(),
  METRICS_TOKEN: z
    .string()
    .min(16, { error: 'must be at least 16 characters (e.g. `openssl rand -hex 32`)' })
    .optional(),
});
type Env = z.infer<typeof envSchema>;
/** Every variable the server reads (.env.example documents each one; a test keeps them in step). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

const isPostgresUrl = (url: string | undefined) => !!url && /^postgres(ql)?:\/\//.test(url);
const isOn = (value: string | undefined) => value === '1' || value === 'true';

/** Values that are each fine but do not fit together. */
function contradictions(env: Env): string[] {
  const out: string[] = [];
  if (isPostgresUrl(env.DATABASE_URL) && !env.HEALTH_DATA_KEY)
    out.push(
      'HEALTH_DATA_KEY: required with PostgreSQL (every instance must share the key of the health answers; `openssl rand -base64 32`)',
    );
  if (env.HEALTH_DATA_KEY_PREVIOUS && !env.HEALTH_DATA_KEY)
    out.push('HEALTH_DATA_KEY_PREVIOUS: only makes sense next to HEALTH_DATA_KEY (the new key)');
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined))
    out.push('S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: give both or neither');
  for (const name of ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_FORCE_PATH_STYLE'] as const)
    if (env[name] !== undefined && !env.S3_BUCKET)
      out.push(`${name}: set without S3_BUCKET (uploads would stay in the local folder)`);
  for (const name of ['CLAMAV_PORT', 'CLAMAV_TIMEOUT_MS'] as const)
    if (env[name] !== undefined && !env.CLAMAV_HOST)
      out.push(`${name}: set without CLAMAV_HOST (no upload would be scanned)`);
  if (Number(env.SESSION_IDLE_MINUTES) > Number(env.SESSION_ABSOLUTE_MINUTES))
    out.push('SESSION_IDLE_MINUTES: longer than SESSION_ABSOLUTE_MINUTES');
  return out;
}

/**
 * Demo accounts have a public password: seeded by default only on the plain local start (SQLite,
 * not production, not served over https). SEED_DEMO=0 never seeds; SEED_DEMO=1 always does, and
 * where it would not by default the start warns (isSeedForced).
 */
export function decideDemoSeed(options: {
  seedDemo?: string;
  isProduction: boolean;
  isHttps: boolean;
  isPostgres: boolean;
}) {
  const isSafe = !options.isProduction && !options.isHttps && !options.isPostgres;
  if (options.seedDemo === undefined) return { seedDemo: isSafe, isSeedForced: false };
  const seedDemo = isOn(options.seedDemo);
  return { seedDemo, isSeedForced: seedDemo && !isSafe };
}

/** Reads and checks the environment; throws ConfigError listing every problem. Empty values count as unset. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success)
    throw new ConfigError([
      ...parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}${valueOf(raw, i.path)}`),
      ...contradictions(raw as Env),
    ]);
  const env = parsed.data;
  const problems = contradictions(env);
  if (problems.length > 0) throw new ConfigError(problems);

  const port = env.PORT ?? 3000;
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const isProduction = env.NODE_ENV === 'production';
  const isPostgres = isPostgresUrl(env.DATABASE_URL);
  const publicSettings: PublicSettings = {
    loggerEnabled: isOn(env.PUBLIC_LOGGER_ENABLED),
    apmEnvironment: env.PUBLIC_APM_ENVIRONMENT ?? 'production',
    serviceName: env.PUBLIC_APM_SERVICE_NAME || RUM_SERVICE_NAME,
    analyticsEnabled: isOn(env.PUBLIC_ANALYTICS_ENABLED),
    analyticsId: env.PUBLIC_ANALYTICS_ID ?? '',
    analyticsSrc: env.PUBLIC_ANALYTICS_SRC ?? 'https://www.clarity.ms/tag/{id}',
  };
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || resolve(dataDir, 'portal.db'),
    databaseDialect: isPostgres ? 'postgres' : 'sqlite',
    databasePoolSize: env.DATABASE_POOL_SIZE ?? 10,
    databaseStartTimeoutMs: env.DATABASE_START_TIMEOUT_MS ?? 60_000,
    statementLog: env.STATEMENT_LOG ? resolve(env.STATEMENT_LOG) : null,
    isProduction,
    ...decideDemoSeed({ seedDemo: env.SEED_DEMO, isProduction, isHttps: publicUrl.startsWith('https://'), isPostgres }),
    publicUrl,
    allowedOrigins: [
      new URL(publicUrl).origin,
      ...(env.ALLOWED_ORIGINS ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ],
    cookieSecure: publicUrl.startsWith('https://'),
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM ?? 'Portal de Propostas <nao-responda@portaldepropostas.com.br>',
    redisUrl: env.REDIS_URL ?? null,
    sessionIdleMs: (env.SESSION_IDLE_MINUTES ?? 60) * 60_000,
    sessionAbsoluteMs: (env.SESSION_ABSOLUTE_MINUTES ?? 12 * 60) * 60_000,
    trustProxy: env.TRUST_PROXY ?? false,
    webDist: resolve(env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url))),
    logLevel: env.LOG_LEVEL ?? 'info',
    loginIpLimit: env.LOGIN_IP_LIMIT_PER_MINUTE ?? 30,
    cepServiceUrl: env.CEP_SERVICE_URL ?? null,
    publicSettings,
    apmServerUrl: env.APM_SERVER_URL ? env.APM_SERVER_URL.replace(/\/+$/, '') : null,
    rumIntakeLimit: env.RUM_INTAKE_LIMIT_PER_MINUTE ?? 120,
    analyticsCspSources: analyticsCspSources(publicSettings, env.ANALYTICS_CSP_SOURCES),
    // The variables were checked above, so the documents module's own defaults only fill in unset ones.
    documents: loadDocumentsConfig(raw, dataDir),
    healthDataKey: env.HEALTH_DATA_KEY?.trim() ?? null,
    healthDataKeyPrevious: env.HEALTH_DATA_KEY_PREVIOUS?.trim() ?? null,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS ?? 10_000,
    jobs: { schema: env.JOBS_SCHEMA ?? 'pgboss', cronCheckSeconds: env.JOBS_CRON_CHECK_SECONDS ?? 30 },
    reminders: {
      enabled: env.REMINDERS_ENABLED === undefined || isOn(env.REMINDERS_ENABLED),
      idleMs: (env.REMINDER_IDLE_HOURS ?? 48) * 3_600_000,
      intervalMs: (env.REMINDER_INTERVAL_HOURS ?? 48) * 3_600_000,
      max: env.REMINDER_MAX ?? 3,
      quietStart: env.REMINDER_QUIET_START ?? 20,
      quietEnd: env.REMINDER_QUIET_END ?? 8,
    },
    metricsToken: env.METRICS_TOKEN ?? null,
  };
}

/** The offending value, quoted, unless the variable holds a secret. */
function valueOf(raw: Record<string, string | undefined>, path: PropertyKey[]): string {
  const name = String(path[0]);
  if (/KEY|SECRET|TOKEN|DATABASE_URL|SMTP_URL|REDIS_URL/.test(name)) return '';
  return ` (got ${JSON.stringify(raw[name])})`;
}

/** What the operator should know at start: settings that work but are risky. */
export function startupWarnings(config: Config): string[] {
  const out: string[] = [];
  if (config.isProduction && !config.publicUrl.startsWith('https://'))
    out.push(
      `PUBLIC_URL is ${config.publicUrl}: production over plain http sends passwords and session cookies unencrypted (use https://)`,
    );
  if (config.isSeedForced)
    out.push(
      '!!! SEED_DEMO=1: demo accounts with the PUBLIC password from the README are seeded into an empty database. Never do this on a real deployment. !!!',
    );
  if (config.databaseDialect === 'postgres' && config.documents.storage.driver === 'local')
    out.push(
      `uploads are stored in ${config.documents.storage.dir} on this machine only: other instances will not see them (set S3_BUCKET for several machines)`,
    );
  if (config.statementLog)
    out.push(
      `STATEMENT_LOG: every database statement and its parameters (personal data included) is written to ${config.statementLog}; for measuring only`,
    );
  return out;
}

/** The analytics script's origin (or the listed sources) when, and only when, the script loads. */
function analyticsCspSources(settings: PublicSettings, listed: string | undefined): string[] {
  const decision = decideAnalytics(settings);
  if (decision.kind !== 'load') return [];
  if (listed) return listed.split(/[\s,]+/).filter(Boolean);
  try {
    return [new URL(decision.src).origin];
  } catch {
    return [];
  }
}
