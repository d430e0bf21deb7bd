import { loadAnalytics } from './analytics';
import { lateRouter } from './late-router';
import { startMonitoring } from './monitoring';
import { loadPublicSettings } from './public-settings';

/**
 * Public settings are read at run time, after the first screen is drawn: monitoring and
 * analytics start only if they say so. A chunk of its own, so the first screen does not wait for
 * it (nor for the schema library the settings are checked with).
 */
export async function startTelemetry(): Promise<void> {
  const settings = await loadPublicSettings();
  loadAnalytics(settings);
  await startMonitoring(settings, lateRouter);
}
