import { RUM_SERVER_URL, validateRumConfig, type PublicSettings } from '@portal/domain/monitoring';
import type { MonitoredRouter } from './route-transactions';
import type { RumAgent } from './rum-agent';

const MAX_EARLY_ERRORS = 10;
/** index.html's title, read before any screen sets its own. */
const UNTITLED = typeof document === 'undefined' ? '' : document.title;

let agent: RumAgent | null = null;
let decided = false;
let early: unknown[] = [];

/**
 * Reports an error the app caught itself (route-navigation errors, docs/product/monitoring.md). Unhandled errors and
 * rejections the agent catches on its own. Before the settings arrive errors wait (a few); with
 * the logger disabled nothing is reported.
 */
export function reportError(error: unknown): void {
  if (agent) agent.captureError(error);
  else if (!decided && early.length < MAX_EARLY_ERRORS) early.push(error);
}

/**
 * An uncaught error or unhandled rejection (lib/fatal-errors.ts). Once the agent runs, its own
 * listeners report those; before the settings arrive they wait here, like reportError's.
 */
export function reportUnhandled(error: unknown): void {
  if (!agent && !decided && early.length < MAX_EARLY_ERRORS) early.push(error);
}

/**
 * Starts the Elastic APM RUM agent when the public logger setting is on (docs/product/monitoring.md). The agent's
 * code is a separate chunk, loaded only then: with the setting off nothing is downloaded, patched
 * or sent.
 */
export async function startMonitoring(settings: PublicSettings, router: MonitoredRouter): Promise<void> {
  if (!settings.loggerEnabled) {
    decided = true;
    early = [];
    return;
  }
  const checked = validateRumConfig({
    serviceName: settings.serviceName,
    serverUrl: RUM_SERVER_URL,
    environment: settings.apmEnvironment,
  });
  if (!checked.ok) {
    // docs/product/monitoring.md: an invalid configuration leaves the agent inactive and says why.
    decided = true;
    early = [];
    console.error(`Monitoramento inativo (configuração inválida): ${checked.errors.join('; ')}`);
    return;
  }
  try {
    const { startRumAgent } = await import('./rum-agent');
    agent = startRumAgent({ config: checked.config, router, untitled: UNTITLED });
  } catch (err) {
    console.error(err);
  }
  decided = true;
  const waiting = early;
  early = [];
  if (agent) for (const error of waiting) agent.captureError(error);
}
