import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AlertChannelList,
  alertChannelListSchema,
  type CreateAlertChannel,
  type CreatedAlertChannel,
  createdAlertChannelSchema,
} from '@tidewatch/shared';
import { api } from '../../lib/api-client.ts';
import { apiQueryOptions } from '../../lib/api-query.ts';
import { invalidateInOtherTabs } from '../../lib/tab-sync.ts';
import { alertChannelKeys } from './keys.ts';

// Only /settings/alerts asks for channels (not the bell on every page): the schemas come with its chunk.

/** GET /api/alerts/channels: the user's channels and whether this server offers Telegram. */
function getAlertChannels(signal?: AbortSignal): Promise<AlertChannelList> {
  return api.get('/alerts/channels', { schema: alertChannelListSchema, signal });
}

export const alertChannelsQueryOptions = () =>
  apiQueryOptions({
    queryKey: alertChannelKeys.all,
    fetcher: getAlertChannels,
    args: [],
    // A channel's status changes on the server (a delivery, a failure, a Telegram chat linked).
    refetchOnWindowFocus: true,
  });

/** How often the list is read again while a Telegram chat is being linked (the user is in Telegram). */
export const telegramLinkPollMs = 2_000;

/** The channel mutations all change the list: read it again after each, here and in the other tabs. */
function useChannelMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: invalidateInOtherTabs(alertChannelKeys.all),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertChannelKeys.all }),
  });
}

/** POST /api/alerts/channels: 201 with the channel and, for a webhook, its signing secret (shown once). */
export function useAddAlertChannel() {
  return useChannelMutation(
    (input: CreateAlertChannel): Promise<CreatedAlertChannel> =>
      api.post('/alerts/channels', input, { schema: createdAlertChannelSchema }),
  );
}

/** DELETE /api/alerts/channels/:id. */
export function useRemoveAlertChannel() {
  return useChannelMutation((id: number) => api.del(`/alerts/channels/${id}`));
}

/** POST /api/alerts/channels/:id/test: 202, a test alert queued to that channel only. */
export function useSendTestAlert() {
  return useChannelMutation((id: number) => api.post(`/alerts/channels/${id}/test`));
}

/** POST /api/alerts/channels/:id/resume: a paused channel active again. */
export function useResumeAlertChannel() {
  return useChannelMutation((id: number) => api.post(`/alerts/channels/${id}/resume`));
}
