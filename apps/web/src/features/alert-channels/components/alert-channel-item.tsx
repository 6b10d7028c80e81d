import type { AlertChannel } from '@tidewatch/shared';
import { useState } from 'react';
import { Button, ConfirmDialog, InlineError } from '../../../components/index.ts';
import { useRemoveAlertChannel, useResumeAlertChannel, useSendTestAlert } from '../api.ts';
import { channelKindLabels, channelName } from '../names.ts';
import { ChannelStatusLine, isHeldNow } from './channel-status-line.tsx';

/**
 * One alert channel: its kind, where it goes, its status line, and 'send a test alert', 'resume' (when
 * paused, or held by a 429: resuming lifts the hold) and 'remove' (after a confirmation).
 */
export function AlertChannelItem({ channel }: { channel: AlertChannel }) {
  const sendTest = useSendTestAlert();
  const resume = useResumeAlertChannel();
  const remove = useRemoveAlertChannel();
  const [isConfirming, setIsConfirming] = useState(false);
  const name = channelName(channel);
  const failure = sendTest.error ?? resume.error;
  return (
    <li aria-label={name} className="space-y-2 py-3">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
        <span className="font-medium text-slate-900 dark:text-slate-100">
          {channelKindLabels[channel.kind]}
        </span>
        <span className="min-w-0 font-mono text-xs break-all text-slate-700 dark:text-slate-300">
          {channel.target}
        </span>
      </div>
      <ChannelStatusLine channel={channel} />
      {channel.status === 'linking' && channel.link_url ? (
        // Also after a reload: the server answers the deep link while its code is still valid.
        <a
          href={channel.link_url}
          target="_blank"
          rel="noreferrer"
          className="text-sm font-medium text-sky-700 underline dark:text-sky-300"
        >
          open Telegram
        </a>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {channel.status === 'paused' || isHeldNow(channel) ? (
          <Button size="sm" isLoading={resume.isPending} onClick={() => resume.mutate(channel.id)}>
            resume
          </Button>
        ) : null}
        {channel.status === 'active' ? (
          <Button
            size="sm"
            variant="secondary"
            isLoading={sendTest.isPending}
            onClick={() => sendTest.mutate(channel.id)}
          >
            send a test alert
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={() => setIsConfirming(true)}>
          remove
        </Button>
        {sendTest.isSuccess ? (
          <span role="status" className="text-xs text-emerald-700 dark:text-emerald-300">
            test alert queued
          </span>
        ) : null}
      </div>
      {failure ? <InlineError error={failure} /> : null}
      {isConfirming ? (
        <ConfirmDialog
          title="remove this channel?"
          confirmLabel="remove"
          isBusy={remove.isPending}
          error={remove.error ? <InlineError error={remove.error} /> : undefined}
          onCancel={() => {
            remove.reset();
            setIsConfirming(false);
          }}
          onConfirm={() => remove.mutate(channel.id, { onSuccess: () => setIsConfirming(false) })}
        >
          <p className="break-all">
            Alerts will no longer go to {name}. The rules that send to it keep their other channels.
          </p>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}
