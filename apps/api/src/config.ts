import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  seedDemo: boolean;
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
  trustProxy: boolean;
  webDist: string;
  logLevel: string;
  /** Login attempts allowed per client IP per minute (the per-account limit is fixed at 10 failures). */
  loginIpLimit: number;
}

const minutes = (n: number) => n * 60_000;

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
}

/** Reads the configuration from the environment (DESIGN §4); every value has a working default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 3000);
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || resolve(dataDir, 'portal.db'),
    seedDemo: env.SEED_DEMO !== '0',
    publicUrl,
    allowedOrigins: [new URL(publicUrl).origin, ...(env.ALLOWED_ORIGINS ?? '').split(',').filter(Boolean)],
    cookieSecure: publicUrl.startsWith('https://'),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Portal de Propostas <nao-responda@portaldepropostas.com.br>',
    redisUrl: env.REDIS_URL || null,
    sessionIdleMs: minutes(int(env.SESSION_IDLE_MINUTES, 60)),
    sessionAbsoluteMs: minutes(int(env.SESSION_ABSOLUTE_MINUTES, 12 * 60)),
    trustProxy: env.TRUST_PROXY === '1',
    webDist: resolve(env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url))),
    logLevel: env.LOG_LEVEL ?? 'info',
    loginIpLimit: int(env.LOGIN_IP_LIMIT_PER_MINUTE, 30),
  };
}
