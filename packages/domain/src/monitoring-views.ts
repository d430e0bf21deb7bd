import { z } from 'zod';

/**
 * The operator's monitoring views (GET /api/v3/monitoring/…): shapes shared by the API and the
 * back-office screen, and the pure summary of route durations. Apart from monitoring.ts so the
 * browser's entry chunk, which reads the public settings, does not carry them.
 */

/** The sampling rate the operator sets, served to the agent by the central-config endpoint. */
export const sampleRateSchema = z.number().min(0).max(1);
export const sampleRateBodySchema = z.object({ rate: sampleRateSchema }).strict();

/** One group of identical errors (same type, message and source), counted instead of stored each. */
export const monitoringErrorGroupSchema = z.object({
  id: z.string(),
  message: z.string(),
  count: z.number().int(),
  firstSeenAt: z.number().int(),
  lastSeenAt: z.number().int(),
  /** The routes and browsers it happened on, most frequent first. */
  routes: z.array(z.string()),
  browsers: z.array(z.string()),
});
export type MonitoringErrorGroup = z.infer<typeof monitoringErrorGroupSchema>;

export const monitoringRouteStatSchema = z.object({
  route: z.string(),
  count: z.number().int(),
  medianMs: z.number().int(),
  p95Ms: z.number().int(),
});
export type MonitoringRouteStat = z.infer<typeof monitoringRouteStatSchema>;

export const sampleRateSettingSchema = z.object({
  rate: sampleRateSchema,
  updatedAt: z.number().int().nullable(),
});

/** Value at the given fraction (0..1) of sorted numbers, nearest rank. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index]!;
}

/** Median of numbers (mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Slowest routes first by median duration; ties by count. */
export function summarizeRouteDurations(
  rows: readonly { route: string; durationMs: number }[],
  limit = 20,
): MonitoringRouteStat[] {
  const byRoute = new Map<string, number[]>();
  for (const row of rows) {
    const list = byRoute.get(row.route) ?? [];
    list.push(row.durationMs);
    byRoute.set(row.route, list);
  }
  return [...byRoute.entries()]
    .map(([route, durations]) => {
      const sorted = durations.sort((a, b) => a - b);
      return {
        route,
        count: sorted.length,
        medianMs: Math.round(median(sorted)),
        p95Ms: Math.round(quantile(sorted, 0.95)),
      };
    })
    .sort((a, b) => b.medianMs - a.medianMs || b.count - a.count || a.route.localeCompare(b.route))
    .slice(0, limit);
}
