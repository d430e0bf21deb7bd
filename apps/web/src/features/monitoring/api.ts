import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonitoringErrorGroup, MonitoringRouteStat } from '@portal/domain/monitoring-views';
import { apiRequest } from '../../lib/api-client';

const KEY = ['monitoring'] as const;

export function useMonitoringErrors() {
  return useQuery({
    queryKey: [...KEY, 'errors'],
    queryFn: ({ signal }) =>
      apiRequest<{ data: MonitoringErrorGroup[] }>('/monitoring/errors', { signal }).then((r) => r.data),
  });
}

export function useMonitoringRoutes() {
  return useQuery({
    queryKey: [...KEY, 'routes'],
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
    queryKey: [...KEY, 'sample-rate'],
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
    onSuccess: (data) => client.setQueryData([...KEY, 'sample-rate'], data),
  });
}
