import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonitoringErrorGroup, MonitoringRouteStat } from '@portal/domain/monitoring-views';
import { apiRequest } from '../../lib/api-client';

const all = ['monitoring'] as const;

/** The monitoring page's query keys (docs/decisions/062-web-data-layer.md). */
export const monitoringKeys = {
  errors: () => [...all, 'errors'] as const,
  routes: () => [...all, 'routes'] as const,
  sampleRate: () => [...all, 'sample-rate'] as const,
};

export function useMonitoringErrors() {
  return useQuery({
    queryKey: monitoringKeys.errors(),
    queryFn: ({ signal }) =>
      apiRequest<{ data: MonitoringErrorGroup[] }>('/monitoring/errors', { signal }).then((r) => r.data),
  });
}

export function useMonitoringRoutes() {
  return useQuery({
    queryKey: monitoringKeys.routes(),
    queryFn: ({ signal }) =>
      apiRequest<{ data: MonitoringRouteStat[] }>('/monitoring/routes', { signal }).then((r) => r.data),
  });
}

export interface SampleRateSetting {
  rate: number;
  updatedAt: number | null;
}

export function useSampleRate() {
  return useQuery({
    queryKey: monitoringKeys.sampleRate(),
    queryFn: ({ signal }) =>
      apiRequest<{ data: SampleRateSetting }>('/monitoring/sample-rate', { signal }).then((r) => r.data),
  });
}

export function useSetSampleRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rate: number) =>
      apiRequest<{ data: SampleRateSetting }>('/monitoring/sample-rate', { method: 'PUT', body: { rate } }).then(
        (r) => r.data,
      ),
    onSuccess: (data) => client.setQueryData(monitoringKeys.sampleRate(), data),
  });
}
