import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonitoringErrorGroup, MonitoringRouteStat } from '@portal/domain/monitoring-views';
import { apiRequest } from '../../lib/api-client';

const all = ['monitoring'] as const;

/** The monitoring page's query keys (docs/decisions/062-web-data-layer.md). */
export const monitoringKeys = {
  errors: () => [...all, 'errors'] as const,
  routes: () => [...all, 'routes'] as const,
  sampleRate: () => [...all, 'sample-rate'] as const,
};

export function getMonitoringErrors(signal?: AbortSignal) {
  return apiRequest<{ data: MonitoringErrorGroup[] }>('/monitoring/errors', { signal }).then((r) => r.data);
}

export const monitoringErrorsQueryOptions = () =>
  queryOptions({ queryKey: monitoringKeys.errors(), queryFn: ({ signal }) => getMonitoringErrors(signal) });

export function useMonitoringErrors() {
  return useQuery(monitoringErrorsQueryOptions());
}

export function getMonitoringRoutes(signal?: AbortSignal) {
  return apiRequest<{ data: MonitoringRouteStat[] }>('/monitoring/routes', { signal }).then((r) => r.data);
}

export const monitoringRoutesQueryOptions = () =>
  queryOptions({ queryKey: monitoringKeys.routes(), queryFn: ({ signal }) => getMonitoringRoutes(signal) });

export function useMonitoringRoutes() {
  return useQuery(monitoringRoutesQueryOptions());
}

export interface SampleRateSetting {
  rate: number;
  updatedAt: number | null;
}

export function getSampleRate(signal?: AbortSignal) {
  return apiRequest<{ data: SampleRateSetting }>('/monitoring/sample-rate', { signal }).then((r) => r.data);
}

export const sampleRateQueryOptions = () =>
  queryOptions({ queryKey: monitoringKeys.sampleRate(), queryFn: ({ signal }) => getSampleRate(signal) });

export function useSampleRate() {
  return useQuery(sampleRateQueryOptions());
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
