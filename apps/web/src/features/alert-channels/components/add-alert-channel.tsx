import { type AlertChannel, type AlertChannelKind, AppError, maxAlertChannels } from '@tidewatch/shared';
import type { ReactNode } from 'react';
import { type FormEvent, useState } from 'react';
import { Button, ErrorBanner, TextField } from '../../../components/index.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { useAddAlertChannel } from '../api.ts';
import { channelKindLabels } from '../names.ts';
import { WebhookSecretNotice } from './webhook-secret-notice.tsx';

type UrlKind = Exclude<AlertChannelKind, 'telegram'>;

const urlFields: Record<UrlKind, { label: string; hint: string }> = {
  discord: {
    label: 'Discord webhook URL',
    hint: "In Discord: the channel's settings, Integrations, Webhooks, New Webhook, Copy Webhook URL.",
  },
  webhook: {
    label: 'webhook URL (https)',
    hint: 'Each alert is POSTed to it as JSON, signed with a secret shown once after adding.',
  },
};

/** What a refused URL was refused for: the server's message for the field, or a 400's own message. */
function urlProblem(error: unknown): string | undefined {
  const named = fieldError(error, 'body.url') ?? fieldError(error, 'url');
  if (named) return named;
  return error instanceof AppError && error.statusCode === 400 ? error.message : undefined;
}

export type AddAlertChannelProps = {
  /** Whether this server offers Telegram (the operator set a bot token). */
  telegramAvailable: boolean;
  /** The user's channels as last read: a Telegram chat being linked is followed there until it is active. */
  channels: AlertChannel[];
  /** The most channels an account may have: no form, but a just-added one's secret or link stays shown. */
  isFull: boolean;
  /** What to offer beside a channel just added or linked (the app gives the rules' 'send every rule here'). */
  offerRules?: OfferRules;
};

/** A slot the app fills: this feature knows channels, not the alert rules. */
export type OfferRules = (channel: AlertChannel, channels: AlertChannel[]) => ReactNode;

/**
 * 'add a channel': a Telegram chat through the bot's deep link (then waits until the chat is linked), a
 * Discord webhook URL, or any https webhook URL (then shows its signing secret once). A channel linked or
 * added is offered to every rule at once.
 */
export function AddAlertChannel({ telegramAvailable, channels, isFull, offerRules }: AddAlertChannelProps) {
  const kinds: AlertChannelKind[] = telegramAvailable
    ? ['telegram', 'discord', 'webhook']
    : ['discord', 'webhook'];
  const [kind, setKind] = useState<AlertChannelKind>(kinds[0]!);
  const [url, setUrl] = useState('');
  const add = useAddAlertChannel();
  // Kept here, not read again: the link's code and the webhook's secret come with the creation only.
  const [linking, setLinking] = useState<{ id: number; linkUrl: string | null }>();
  const [secret, setSecret] = useState<string>();
  const [added, setAdded] = useState<AlertChannel>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = kind === 'telegram' ? { kind } : { kind, url };
    add.mutate(input, {
      onSuccess: ({ channel, secret: created }) => {
        setUrl('');
        if (channel.kind === 'telegram') setLinking({ id: channel.id, linkUrl: channel.link_url });
        else setAdded(channel);
        if (created) setSecret(created);
      },
    });
  }
  const problem = kind === 'telegram' ? undefined : urlProblem(add.error);
  return (
    <div className="space-y-3">
      {secret ? <WebhookSecretNotice secret={secret} onDone={() => setSecret(undefined)} /> : null}
      {linking ? (
        <TelegramLinking
          linkUrl={linking.linkUrl}
          channel={channels.find((c) => c.id === linking.id)}
          channels={channels}
          offerRules={offerRules}
          onDone={() => setLinking(undefined)}
        />
      ) : null}
      {added ? (
        <div role="status" className={noticeFrame}>
          <p className="wrap-anywhere">
            <span className="font-medium">added</span>: alerts can now go to {added.target}
          </p>
          {offerRules?.(added, channels)}
          <Button size="sm" variant="secondary" onClick={() => setAdded(undefined)}>
            close
          </Button>
        </div>
      ) : null}
      {isFull ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {maxAlertChannels} channels is the most one account can have: remove one to add another.
        </p>
      ) : (
        <form aria-label="add a channel" onSubmit={submit} className="space-y-3" noValidate>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">add a channel</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {kinds.map((k) => (
                <label key={k} className="flex items-center gap-1.5">
                  <input
                    type="radio"
                    name="channel-kind"
                    value={k}
                    checked={kind === k}
                    onChange={() => {
                      setKind(k);
                      add.reset();
                    }}
                  />
                  {channelKindLabels[k]}
                </label>
              ))}
            </div>
          </fieldset>
          {kind === 'telegram' ? (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              You get a link that opens the bot in Telegram; press Start there and the chat is linked.
            </p>
          ) : (
            <TextField
              label={urlFields[kind].label}
              hint={urlFields[kind].hint}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={url}
              errorMessage={problem}
              onChange={(e) => setUrl(e.target.value)}
            />
          )}
          <Button type="submit" size="sm" isLoading={add.isPending}>
            {kind === 'telegram' ? 'link a Telegram chat' : `add ${channelKindLabels[kind]}`}
          </Button>
          {add.isError && !problem ? <ErrorBanner messages={add.error.message} /> : null}
        </form>
      )}
    </div>
  );
}

const noticeFrame =
  'space-y-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm dark:border-sky-800 dark:bg-sky-950';

/**
 * A Telegram chat being linked: the deep link, then 'linked' once the list says the channel is active,
 * with the offer to send every rule there.
 */
function TelegramLinking({
  linkUrl,
  channel,
  channels,
  offerRules,
  onDone,
}: {
  linkUrl: string | null;
  channel: AlertChannel | undefined;
  channels: AlertChannel[];
  offerRules: OfferRules | undefined;
  onDone: () => void;
}) {
  if (channel?.status === 'active') {
    return (
      <div role="status" className={noticeFrame}>
        <p className="wrap-anywhere">
          <span className="font-medium">linked</span>: alerts can now go to {channel.target}
        </p>
        {offerRules?.(channel, channels)}
        <Button size="sm" variant="secondary" onClick={onDone}>
          close
        </Button>
      </div>
    );
  }
  // Also before the list has been read again with the new channel in it.
  return (
    <div className={noticeFrame}>
      {linkUrl ? (
        <a
          href={linkUrl}
          target="_blank"
          rel="noreferrer"
          className="font-medium break-all text-sky-700 underline dark:text-sky-300"
        >
          open Telegram to link
        </a>
      ) : null}
      <p role="status" className="text-slate-700 dark:text-slate-300">
        waiting for the chat: press Start in Telegram, this page notices by itself
      </p>
    </div>
  );
}
