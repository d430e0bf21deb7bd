import { PUBLIC_SETTINGS_OFF, turnsEverythingOff, type PublicSettings } from '@portal/domain/monitoring';
import { API_TIMEOUT_MS } from './api-client';

/**
 * GET /api/public-settings: read at run time, so one build serves every environment. Any failure
 * means "off" (nothing loaded, nothing sent) and, like other request errors, only a console line.
 * Settings that turn monitoring and analytics off are taken as they are; others are checked with
 * their schema, whose module (and the schema library) is fetched only then
 * (docs/decisions/056-low-tier-phones.md).
 */
export async function loadPublicSettings(): Promise<PublicSettings> {
  try {
    const res = await fetch('/api/public-settings', {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`GET /api/public-settings: ${res.status}`);
    const body = (await res.json()) as { data?: unknown };
    if (turnsEverythingOff(body.data)) return PUBLIC_SETTINGS_OFF;
    const { publicSettingsSchema } = await import('@portal/domain/monitoring-settings');
    return publicSettingsSchema.parse(body.data);
  } catch (err) {
    console.error(err);
    return PUBLIC_SETTINGS_OFF;
  }
}
