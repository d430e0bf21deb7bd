import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decideAnalytics, RUM_SERVICE_NAME, type PublicSettings } from '@portal/domain/monitoring';
import { loadDocumentsConfig, type DocumentsConfig } from './modules/documents/documents.config';

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
  /** Uploads: storage driver, size limit, virus scan, validity of aging documents (issue #5). */
  documents: DocumentsConfig;
  /** HEALTH_DATA_KEY: base64 of the 32-byte key of health answers; null uses DATA_DIR/keys/health.key (issue #4). */
  healthDataKey: string | null;
  /** NODE_ENV=production: the OpenAPI document at /api/docs is then the operators' only. */
  isProduction: boolean;
}

const minutes = (n: number) => n * 60_000;

const flag = (value: string | undefined) => value === '1' || value === 'true';

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
}

/** Reads the configuration from the environment (DESIGN §4); every value has a working default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 3000);
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const publicSettings: PublicSettings = {
    loggerEnabled: flag(env.PUBLIC_LOGGER_ENABLED),
    apmEnvironment: env.PUBLIC_APM_ENVIRONMENT ?? 'production',
    serviceName: env.PUBLIC_APM_SERVICE_NAME || RUM_SERVICE_NAME,
    analyticsEnabled: flag(env.PUBLIC_ANALYTICS_ENABLED),
    analyticsId: env.PUBLIC_ANALYTICS_ID ?? '',
    analyticsSrc: env.PUBLIC_ANALYTICS_SRC ?? 'https://www.clarity.ms/tag/{id}',
  };
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
    cepServiceUrl: env.CEP_SERVICE_URL || null,
    publicSettings,
    apmServerUrl: env.APM_SERVER_URL ? env.APM_SERVER_URL.replace(/\/+$/, '') : null,
    rumIntakeLimit: int(env.RUM_INTAKE_LIMIT_PER_MINUTE, 120),
    analyticsCspSources: analyticsCspSources(publicSettings, env.ANALYTICS_CSP_SOURCES),
    documents: loadDocumentsConfig(env, dataDir),
    healthDataKey: env.HEALTH_DATA_KEY || null,
    isProduction: env.NODE_ENV === 'production',
  };
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
