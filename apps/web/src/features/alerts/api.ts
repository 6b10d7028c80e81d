import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertSettings, NotificationList } from '@tidewatch/shared';
import { api } from '../../lib/api-client.ts';
import { apiQueryOptions } from '../../lib/api-query.ts';
import { loadAlertSchemas, schemaFrom } from '../../lib/start-up-schemas.ts';
import { invalidateInOtherTabs } from '../../lib/tab-sync.ts';
import { alertKeys } from './keys.ts';

// The header's bell is part of every page, so these load their schemas on first use (start-up-schemas.ts).
const notificationList = schemaFrom(loadAlertSchemas, 'notificationListSchema');
const alertSettings = schemaFrom(loadAlertSchemas, 'alertSettingsSchema');

/** GET /api/notifications: the in-app alerts, newest first, with the unread count. */
export function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return api.get('/notifications', { schema: notificationList, signal });
}

export const notificationsQueryOptions = () =>
  apiQueryOptions({
    queryKey: alertKeys.notifications(),
    fetcher: getNotifications,
    args: [],
    // New alerts come with scheduled snapshots: look again now and then while the page is open.
    refetchInterval: 60_000,
  });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: number[] } | { all: true }) => api.post('/notifications/read', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.notifications() }),
  });
}

/** GET /api/alerts/settings: the user's rules, thresholds and e-mail choices. */
export function getAlertSettings(signal?: AbortSignal): Promise<AlertSettings> {
  return api.get('/alerts/settings', { schema: alertSettings, signal });
}

export const alertSettingsQueryOptions = () =>
  apiQueryOptions({
    queryKey: alertKeys.settings(),
    fetcher: getAlertSettings,
    args: [],
    refetchOnWindowFocus: true,
  });

export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AlertSettings): Promise<AlertSettings> =>
      api.put('/alerts/settings', settings, { schema: alertSettings }),
    meta: invalidateInOtherTabs(alertKeys.settings()),
    onSuccess: (saved) => queryClient.setQueryData(alertSettingsQueryOptions().queryKey, saved),
  });
}

/**
 * A channel just linked or added is ticked for no rule yet: this ticks it for every rule (each for every
 * wallet and each for one wallet) through PUT /api/alerts/settings, the rest of each rule as saved.
 * `channelIds` are the user's channels now: a rule naming one removed since is cleaned (the server refuses it).
 */
export function useSendEveryRuleTo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { channelId: number; channelIds: number[] }): Promise<AlertSettings> => {
      // The settings as saved now, not as this tab last read them: a change made elsewhere is kept.
      const current = await getAlertSettings();
      const known = new Set([...input.channelIds, input.channelId]);
      const rules = current.rules.map((rule) => ({
        ...rule,
        channel_ids: [
          ...rule.channel_ids.filter((id) => known.has(id) && id !== input.channelId),
          input.channelId,
        ],
      }));
      return api.put('/alerts/settings', { ...current, rules }, { schema: alertSettings });
    },
    meta: invalidateInOtherTabs(alertKeys.settings()),
    onSuccess: (saved) => queryClient.setQueryData(alertSettingsQueryOptions().queryKey, saved),
  });
}
