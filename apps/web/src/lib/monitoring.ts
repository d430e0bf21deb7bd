import { RUM_SERVER_URL, validateRumConfig, type PublicSettings } from '@portal/domain/monitoring';
import type { MonitoredRouter } from './route-transactions';
import type { RumAgent } from './rum-agent';
import { holdEarly, takeEarly, UNTITLED } from './monitoring-early';

let agent: RumAgent | null = null;

/**
 * Reports an error the app caught itself (route-navigation errors, docs/product/monitoring.md). Unhandled errors and
 * rejections the agent catches on its own. Before the settings arrive errors wait (a few); with
 * the logger disabled nothing is reported.
 */
export function reportError(error: unknown): void {
  if (agent) agent.captureError(error);
  else holdEarly(error);
}

/**
 * Starts the Elastic APM RUM agent when the public logger setting is on (docs/product/monitoring.md). The agent's
 * code is a separate chunk, loaded only then: with the setting off nothing is downloaded, patched
 * or sent.
 */
export async function startMonitoring(settings: PublicSettings, router: MonitoredRouter): Promise<void> {
  if (!settings.loggerEnabled) {
    takeEarly();
    return;
  }
  const checked = validateRumConfig({
    serviceName: settings.serviceName,
    serverUrl: RUM_SERVER_URL,
    environment: settings.apmEnvironment,
  });
  if (!checked.ok) {
    // docs/product/monitoring.md: an invalid configuration leaves the agent inactive and says why.
    takeEarly();
    console.error(`Monitoramento inativo (configuração inválida): ${checked.errors.join('; ')}`);
    return;
  }
  try {
    const { startRumAgent } = await import('./rum-agent');
    agent = startRumAgent({ config: checked.config, router, untitled: UNTITLED });
  } catch (err) {
    console.error(err);
  }
  const waiting = takeEarly();
  if (agent) for (const error of waiting) agent.captureError(error);
}
