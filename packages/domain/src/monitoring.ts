import type { PublicSettings } from './monitoring-settings';

/**
 * Front-end monitoring (docs/product/monitoring.md): the rules of the error-monitoring agent's
 * configuration, the analytics loader's decision, and the shapes the API and the web share.
 */

/** docs/product/monitoring.md defaults. The agent's config fetch has a fixed 5000 ms timeout of its own (same value). */
export const RUM_DEFAULTS = {
  transactionSampleRate: 1,
  eventsLimit: 80,
  flushIntervalMs: 500,
  configFetchTimeoutMs: 5000,
} as const;

/** The front end's service name and the server URL the agent posts to (docs/product/monitoring.md). */
export const RUM_SERVICE_NAME = 'portal-web';
export const RUM_SERVER_URL = '/api';

const SERVICE_NAME = /^[a-zA-Z0-9 _-]+$/;

export interface RumConfigInput {
  serviceName?: unknown;
  serverUrl?: unknown;
  environment?: unknown;
  transactionSampleRate?: unknown;
}

export interface RumConfig {
  serviceName: string;
  serverUrl: string;
  environment: string;
  transactionSampleRate: number;
  eventsLimit: number;
  flushInterval: number;
}

export type RumConfigResult = { ok: true; config: RumConfig } | { ok: false; errors: string[] };

/**
 * docs/product/monitoring.md: serviceName and serverUrl are required; serviceName only letters, digits, space,
 * underscore and hyphen; transactionSampleRate a number from 0 to 1. An invalid configuration
 * keeps the agent inactive (the caller logs the errors with console.error).
 */
export function validateRumConfig(input: RumConfigInput): RumConfigResult {
  const errors: string[] = [];
  const { serviceName, serverUrl, environment, transactionSampleRate } = input;
  if (typeof serviceName !== 'string' || serviceName === '') errors.push('serviceName is missing');
  else if (!SERVICE_NAME.test(serviceName))
    errors.push(`serviceName "${serviceName}" contains invalid characters (allowed: a-z, A-Z, 0-9, _, -, <space>)`);
  if (typeof serverUrl !== 'string' || serverUrl === '') errors.push('serverUrl is missing');
  if (environment !== undefined && typeof environment !== 'string') errors.push('environment must be a string');
  const rate = transactionSampleRate === undefined ? RUM_DEFAULTS.transactionSampleRate : transactionSampleRate;
  if (typeof rate !== 'number' || Number.isNaN(rate) || rate < 0 || rate > 1)
    errors.push(`transactionSampleRate "${String(rate)}" is invalid (allowed: number between 0 and 1)`);
  if (errors.length) return { ok: false, errors };
  return {
    ok: true,
    config: {
      serviceName: serviceName as string,
      serverUrl: serverUrl as string,
      environment: (environment as string | undefined) ?? '',
      transactionSampleRate: rate as number,
      eventsLimit: RUM_DEFAULTS.eventsLimit,
      flushInterval: RUM_DEFAULTS.flushIntervalMs,
    },
  };
}

// The schema lives in a module of its own (monitoring-settings.ts), and only its type is re-exported
// here: the monitoring rules above (the app shell reports route errors through them) must not pull
// the schema library into a chunk, and a re-exported value would make the bundler place the schema
// beside them (docs/decisions/056-low-tier-phones.md).
export type { PublicSettings } from './monitoring-settings';

/**
 * True when the settings the server sent turn both monitoring and analytics off (the default): the
 * browser then loads and sends nothing, whatever the other settings say, so it skips checking them
 * with the schema, and a first visit never downloads the schema library for settings it does not
 * use (docs/decisions/056-low-tier-phones.md). Anything else is checked with the schema.
 */
export function turnsEverythingOff(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const { loggerEnabled, analyticsEnabled } = data as Record<string, unknown>;
  return loggerEnabled === false && analyticsEnabled === false;
}

/** What the browser does when the settings cannot be read: nothing is loaded, nothing is sent. */
export const PUBLIC_SETTINGS_OFF: PublicSettings = {
  loggerEnabled: false,
  apmEnvironment: '',
  serviceName: RUM_SERVICE_NAME,
  analyticsEnabled: false,
  analyticsId: '',
  analyticsSrc: '',
};

export const ANALYTICS_ID_MISSING = 'Analytics: project id is not set';

export type AnalyticsDecision =
  { kind: 'off' } | { kind: 'missing-id'; message: string } | { kind: 'load'; src: string };

/**
 * docs/product/monitoring.md: the session-recording/heatmap script loads only when enabled by config and given an
 * id; enabled without an id (or without a script URL) logs that the project id is not set.
 */
export function decideAnalytics(
  settings: Pick<PublicSettings, 'analyticsEnabled' | 'analyticsId' | 'analyticsSrc'>,
): AnalyticsDecision {
  if (!settings.analyticsEnabled) return { kind: 'off' };
  const id = settings.analyticsId.trim();
  if (!id) return { kind: 'missing-id', message: ANALYTICS_ID_MISSING };
  if (!settings.analyticsSrc) return { kind: 'off' };
  const src = settings.analyticsSrc.includes('{id}')
    ? settings.analyticsSrc.replace('{id}', encodeURIComponent(id))
    : `${settings.analyticsSrc.replace(/\/$/, '')}/${encodeURIComponent(id)}`;
  return { kind: 'load', src };
}
