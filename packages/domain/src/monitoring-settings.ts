import { z } from 'zod';

/** Settings the browser reads at run time from GET /api/public-settings (never secrets). */
export const publicSettingsSchema = z.object({
  loggerEnabled: z.boolean(),
  apmEnvironment: z.string(),
  serviceName: z.string(),
  analyticsEnabled: z.boolean(),
  analyticsId: z.string(),
  /** Script URL of the session-recording/heatmap vendor; `{id}` is replaced by the project id. */
  analyticsSrc: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
