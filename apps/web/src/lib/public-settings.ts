import { publicSettingsSchema, PUBLIC_SETTINGS_OFF, type PublicSettings } from '@portal/domain/monitoring';
import { API_TIMEOUT_MS } from './api-client';

/**
 * GET /api/public-settings: read at run time, so one build serves every environment. Any failure
 * means "off" (nothing loaded, nothing sent) and, like other request errors, only a console line.
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
    return publicSettingsSchema.parse(body.data);
  } catch (err) {
    console.error(err);
    return PUBLIC_SETTINGS_OFF;
  }
}
