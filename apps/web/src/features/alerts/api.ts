import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertSettings, NotificationList } from '@tidewatch/shared';
import { api } from '../../lib/api-client.ts';
import { loadAlertSchemas, schemaFrom } from '../../lib/start-up-schemas.ts';

// The header's bell is part of every page, so these load their schemas on first use (start-up-schemas.ts).
const notificationList = schemaFrom(loadAlertSchemas, 'notificationListSchema');
const alertSettings = schemaFrom(loadAlertSchemas, 'alertSettingsSchema');

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications'],
    queryFn: ({ signal }): Promise<NotificationList> =>
      api.get('/notifications', { schema: notificationList, signal }),
    // New alerts come with scheduled snapshots: look again now and then while the page is open.
    refetchInterval: 60_000,
  });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: number[] } | { all: true }) => api.post('/notifications/read', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

export const alertSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['alert-settings'],
    queryFn: ({ signal }): Promise<AlertSettings> =>
      api.get('/alerts/settings', { schema: alertSettings, signal }),
  });

export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AlertSettings): Promise<AlertSettings> =>
      api.put('/alerts/settings', settings, { schema: alertSettings }),
    onSuccess: (saved) => queryClient.setQueryData(['alert-settings'], saved),
  });
}
