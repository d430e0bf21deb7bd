import { z } from 'zod';
import { dataOf } from './api-envelope';
import { publicSettingsSchema } from './monitoring-settings';
import { monitoringErrorGroupSchema, monitoringRouteStatSchema, sampleRateSettingSchema } from './monitoring-views';

/** What the intake kept of a batch of the RUM agent, line by line (POST /api/intake). */
export const intakeSummarySchema = z.object({
  accepted: z.number().int(),
  stored: z.number().int(),
  rejected: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type IntakeSummary = z.infer<typeof intakeSummarySchema>;

/** The agent's central configuration (GET /api/config): the sampling rate, as the agent reads it (a string). */
export const agentConfigSchema = z.object({ transaction_sample_rate: z.string() });

export const publicSettingsResponseSchema = dataOf(publicSettingsSchema);
export const errorGroupsResponseSchema = dataOf(z.array(monitoringErrorGroupSchema));
export const routeStatsResponseSchema = dataOf(z.array(monitoringRouteStatSchema));
export const sampleRateSettingResponseSchema = dataOf(sampleRateSettingSchema);
