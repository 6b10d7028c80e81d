import { screen, waitFor, within } from '@testing-library/react';
import type { AlertChannel, AlertChannelList } from '@tidewatch/shared';
import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { statusPolling } from '../../../lib/status-polling.ts';
import {
  callsTo,
  errorReply,
  type FakeReply,
  type FakeRequest,
  installFakeFetch,
} from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';

// Issue 36: the channels section of /settings/alerts against a fake API that keeps the channels it is told of.

const settings = {
  email_enabled: true,
  rules: [
    {
      rule: 'ending_soon',
      wallet_address: null,
      is_enabled: true,
      email_enabled: true,
      bell_enabled: true,
      channel_ids: [],
      threshold: null,
    },
  ],
};

function channel(id: number, change: Partial<AlertChannel>): AlertChannel {
  return {
    id,
    kind: 'webhook',
    label: '',
    target: 'https://hooks.example.com/in/…',
    status: 'active',
    link_url: null,
    last_delivery_at: null,
    last_error: null,
    last_error_at: null,
    failures_in_a_row: 0,
    held_until: null,
    created_at: '2026-11-20T10:00:00.000Z',
    ...change,
  };
}

/**
 * Opens /settings/alerts with `list` as the server's channels; `answer` handles the channel calls first
 * (and may change `list.channels`), everything else as the settings screen needs.
 */
function openSettings(list: AlertChannelList, answer: (request: FakeRequest) => FakeReply | undefined) {
  window.sessionStorage.setItem(sessionTokenKey, 'token-1');
  const calls = installFakeFetch((request) => {
    const { path, method, body } = request;
    if (path === '/internal/token/session') return { body: validSession };
    if (path === '/wallets/connected') return { body: { wallets: [] } };
    if (path === '/alerts/settings' && method === 'GET') return { body: settings };
    if (path === '/alerts/settings' && method === 'PUT') return { body };
    const answered = answer(request);
    if (answered) return answered;
    if (path === '/alerts/channels' && method === 'GET') return { body: list };
    return undefined;
  });
  return { calls, ...renderRoute('/settings/alerts') };
}

const withTelegram = { available: true, bot_username: 'tidewatch_bot' };
const savedChannelsPollMs = statusPolling.alertChannelsMs;

describe('alert channels on /settings/alerts', () => {
  it('links a Telegram chat: shows the deep link, then "linked" once the list says so', async () => {
    const list: AlertChannelList = { telegram: withTelegram, channels: [] };
    let reads = 0;
    const linkUrl = 'https://t.me/tidewatch_bot?start=c0de42';
    const { calls, user } = openSettings(list, ({ path, method }) => {
      if (path === '/alerts/channels' && method === 'POST') {
        const created = channel(3, {
          kind: 'telegram',
          target: 'Telegram chat',
          status: 'linking',
          link_url: linkUrl,
        });
        list.channels = [{ ...created, link_url: null }];
        return { status: 201, body: { channel: created, secret: null } };
      }
      if (path === '/alerts/channels' && method === 'GET' && list.channels.length > 0) {
        // The user presses Start in Telegram between the first and second reading after the link.
        reads += 1;
        if (reads >= 2) list.channels = [channel(3, { kind: 'telegram', target: '@ada', status: 'active' })];
      }
      return undefined;
    });
    expect(await screen.findByText('no channels yet')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Telegram' }));
    await user.click(screen.getByRole('button', { name: 'link a Telegram chat' }));
    const link = await screen.findByRole('link', { name: 'open Telegram to link' });
    expect(link).toHaveAttribute('href', linkUrl);
    expect(callsTo(calls, 'POST', '/alerts/channels')[0]!.body).toEqual({ kind: 'telegram' });
    // The page reads the list again by itself while the chat is linking.
    expect(await screen.findByText(/alerts can now go to @ada/, {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(screen.getByText('linked')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'open Telegram to link' })).not.toBeInTheDocument();
  });

  it("keeps a linking chat's deep link after a reload, and says when its code expired", async () => {
    const linkUrl = 'https://t.me/tidewatch_bot?start=abc123';
    openSettings(
      {
        telegram: withTelegram,
        channels: [
          channel(11, { kind: 'telegram', target: 'not linked yet', status: 'linking', link_url: linkUrl }),
          channel(12, {
            kind: 'telegram',
            target: 'not linked yet',
            status: 'linking',
            last_error: 'the link expired: remove this channel and add Telegram again',
          }),
        ],
      },
      () => undefined,
    );
    const [open, expired] = await screen.findAllByRole('listitem', { name: 'Telegram not linked yet' });
    expect(within(open!).getByRole('link', { name: 'open Telegram' })).toHaveAttribute('href', linkUrl);
    expect(open).toHaveTextContent('waiting for the chat: press Start in Telegram');
    expect(within(open!).queryByRole('button', { name: 'send a test alert' })).not.toBeInTheDocument();
    expect(expired).toHaveTextContent(
      'not linked: the link expired: remove this channel and add Telegram again',
    );
    expect(within(expired!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('offers no Telegram when the server has no bot', async () => {
    openSettings({ telegram: { available: false, bot_username: null }, channels: [] }, () => undefined);
    await screen.findByText('no channels yet');
    expect(screen.getByRole('radio', { name: 'Discord' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Telegram' })).not.toBeInTheDocument();
  });

  it("adds a Discord webhook, and shows the server's 400 next to the URL field", async () => {
    const list: AlertChannelList = { telegram: withTelegram, channels: [] };
    const good = 'https://discord.com/api/webhooks/123/abc';
    const { calls, user } = openSettings(list, ({ path, method, body }) => {
      if (path !== '/alerts/channels' || method !== 'POST') return undefined;
      if ((body as { url: string }).url !== good) {
        return errorReply(400, 'VALIDATION_FAILED', 'invalid request', [
          { field: 'body.url', message: 'not a Discord webhook URL' },
        ]);
      }
      const created = channel(4, { kind: 'discord', target: 'https://discord.com/api/webhooks/123/…' });
      list.channels = [created];
      return { status: 201, body: { channel: created, secret: null } };
    });
    await screen.findByText('no channels yet');
    await user.click(screen.getByRole('radio', { name: 'Discord' }));
    const field = screen.getByRole('textbox', { name: 'Discord webhook URL' });
    await user.type(field, 'https://example.com/hook');
    await user.click(screen.getByRole('button', { name: 'add Discord' }));
    expect(await screen.findByText('not a Discord webhook URL')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(/not a Discord webhook URL/);
    await user.clear(field);
    await user.type(field, good);
    await user.click(screen.getByRole('button', { name: 'add Discord' }));
    const item = await screen.findByRole('listitem', {
      name: 'Discord https://discord.com/api/webhooks/123/…',
    });
    expect(within(item).getByText('nothing delivered yet')).toBeInTheDocument();
    expect(screen.queryByText('not a Discord webhook URL')).not.toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/alerts/channels').map((c) => c.body)).toEqual([
      { kind: 'discord', url: 'https://example.com/hook' },
      { kind: 'discord', url: good },
    ]);
  });

  it('adds a webhook and shows its signing secret once, with how to verify it', async () => {
    const list: AlertChannelList = { telegram: withTelegram, channels: [] };
    const secret = 'whsec_5f1c0ffee0ddba11';
    const { calls, user } = openSettings(list, ({ path, method }) => {
      if (path !== '/alerts/channels' || method !== 'POST') return undefined;
      const created = channel(5, { target: 'https://hooks.example.com/in/…' });
      list.channels = [created];
      return { status: 201, body: { channel: created, secret } };
    });
    await screen.findByText('no channels yet');
    await user.click(screen.getByRole('radio', { name: 'webhook' }));
    await user.type(
      screen.getByRole('textbox', { name: 'webhook URL (https)' }),
      'https://hooks.example.com/in/x',
    );
    await user.click(screen.getByRole('button', { name: 'add webhook' }));
    const notice = await screen.findByRole('region', { name: 'webhook signing secret' });
    expect(within(notice).getByRole('textbox', { name: 'signing secret' })).toHaveValue(secret);
    expect(notice).toHaveTextContent('it will not be shown again');
    expect(notice).toHaveTextContent('Tidewatch-Signature');
    expect(notice).toHaveTextContent('HMAC-SHA256');
    await user.click(within(notice).getByRole('button', { name: 'copy' }));
    expect(await within(notice).findByText('copied')).toBeInTheDocument();
    expect(await window.navigator.clipboard.readText()).toBe(secret);
    expect(callsTo(calls, 'POST', '/alerts/channels')[0]!.body).toEqual({
      kind: 'webhook',
      url: 'https://hooks.example.com/in/x',
    });
    await user.click(within(notice).getByRole('button', { name: 'I saved the secret' }));
    expect(screen.queryByRole('region', { name: 'webhook signing secret' })).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(secret)).not.toBeInTheDocument();
    expect(
      screen.getByRole('listitem', { name: 'webhook https://hooks.example.com/in/…' }),
    ).toBeInTheDocument();
  });

  it('sends a test alert to one channel and says it was queued', async () => {
    const list: AlertChannelList = {
      telegram: withTelegram,
      channels: [
        channel(7, {
          kind: 'telegram',
          target: '@ada',
          last_delivery_at: new Date(Date.now() - 5 * 60_000).toISOString(),
        }),
        channel(8, { last_error: 'the receiver answered 503', last_error_at: new Date().toISOString() }),
      ],
    };
    const { calls, user } = openSettings(list, ({ path, method }) =>
      path === '/alerts/channels/7/test' && method === 'POST' ? { status: 202 } : undefined,
    );
    const telegram = await screen.findByRole('listitem', { name: 'Telegram @ada' });
    expect(telegram).toHaveTextContent('last delivery 5 minutes ago');
    const webhook = screen.getByRole('listitem', { name: 'webhook https://hooks.example.com/in/…' });
    expect(webhook).toHaveTextContent('last error: the receiver answered 503');
    await user.click(within(telegram).getByRole('button', { name: 'send a test alert' }));
    expect(await within(telegram).findByText('test alert queued')).toBeInTheDocument();
    expect(within(webhook).queryByText('test alert queued')).not.toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/alerts/channels/7/test')).toHaveLength(1);
    expect(callsTo(calls, 'POST', '/alerts/channels/8/test')).toHaveLength(0);
  });

  it("shows the server's 429 when a channel's test alerts come too fast", async () => {
    const list: AlertChannelList = { telegram: withTelegram, channels: [channel(8, {})] };
    let tests = 0;
    const { calls, user } = openSettings(list, ({ path, method }) => {
      if (path !== '/alerts/channels/8/test' || method !== 'POST') return undefined;
      tests += 1;
      return tests === 1
        ? { status: 202 }
        : errorReply(
            429,
            'RATE_LIMITED',
            'A test alert went to this channel moments ago: send another in 27 s.',
          );
    });
    const item = await screen.findByRole('listitem', { name: 'webhook https://hooks.example.com/in/…' });
    await user.click(within(item).getByRole('button', { name: 'send a test alert' }));
    expect(await within(item).findByText('test alert queued')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'send a test alert' }));
    expect(
      await within(item).findByText('A test alert went to this channel moments ago: send another in 27 s.'),
    ).toBeInTheDocument();
    expect(within(item).queryByText('test alert queued')).not.toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/alerts/channels/8/test')).toHaveLength(2);
  });

  it('resumes a channel paused after 20 failed deliveries', async () => {
    const list: AlertChannelList = {
      telegram: withTelegram,
      channels: [
        channel(9, {
          status: 'paused',
          failures_in_a_row: 20,
          last_error: 'timed out after 10 s',
          last_error_at: new Date().toISOString(),
        }),
      ],
    };
    const { calls, user } = openSettings(list, ({ path, method }) => {
      if (path !== '/alerts/channels/9/resume' || method !== 'POST') return undefined;
      list.channels = [channel(9, {})];
      return { body: { channel: list.channels[0] } };
    });
    const item = await screen.findByRole('listitem', { name: 'webhook https://hooks.example.com/in/…' });
    expect(item).toHaveTextContent('paused after 20 failed deliveries (last error: timed out after 10 s)');
    // The server queues no test alert to a paused channel: resume first.
    expect(within(item).queryByRole('button', { name: 'send a test alert' })).not.toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'resume' }));
    await waitFor(() => expect(item).toHaveTextContent('nothing delivered yet'));
    expect(within(item).queryByRole('button', { name: 'resume' })).not.toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'send a test alert' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/alerts/channels/9/resume')).toHaveLength(1);
  });

  it("shows until when a receiver's 429 holds a channel, and resume lifts the hold", async () => {
    const heldUntil = new Date(Date.now() + 55 * 60_000 + 30_000);
    const list: AlertChannelList = {
      telegram: withTelegram,
      channels: [
        channel(11, {
          held_until: heldUntil.toISOString(),
          last_error: 'HTTP 429: slow down',
          last_error_at: new Date().toISOString(),
        }),
      ],
    };
    const { calls, user } = openSettings(list, ({ path, method }) => {
      if (path !== '/alerts/channels/11/resume' || method !== 'POST') return undefined;
      list.channels = [channel(11, {})];
      return { body: { channel: list.channels[0] } };
    });
    const item = await screen.findByRole('listitem', { name: 'webhook https://hooks.example.com/in/…' });
    const clockTime = heldUntil.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    expect(item).toHaveTextContent(
      `held until ${clockTime} (in 55 minutes): the receiver asked to wait (HTTP 429: slow down)`,
    );
    expect(within(item).getByText(clockTime)).toHaveAttribute('datetime', heldUntil.toISOString());
    await user.click(within(item).getByRole('button', { name: 'resume' }));
    await waitFor(() => expect(item).toHaveTextContent('nothing delivered yet'));
    expect(within(item).queryByRole('button', { name: 'resume' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/alerts/channels/11/resume')).toHaveLength(1);
  });

  it('shows a status the server changed on its own without a reload (a delivery refused)', async () => {
    // Issue 43, finding 4: the page read the list once and showed a refused delivery only on coming back.
    statusPolling.alertChannelsMs = 50;
    try {
      const list: AlertChannelList = { telegram: withTelegram, channels: [channel(12, {})] };
      openSettings(list, () => undefined);
      const item = await screen.findByRole('listitem', { name: 'webhook https://hooks.example.com/in/…' });
      expect(item).toHaveTextContent('nothing delivered yet');
      list.channels = [
        channel(12, {
          last_error: 'HTTP 410: gone',
          last_error_at: new Date().toISOString(),
          failures_in_a_row: 1,
        }),
      ];
      await waitFor(() => expect(item).toHaveTextContent('HTTP 410: gone'));
    } finally {
      statusPolling.alertChannelsMs = savedChannelsPollMs;
    }
  });

  it('removes a channel only after the confirmation', async () => {
    const list: AlertChannelList = { telegram: withTelegram, channels: [channel(10, {})] };
    const { calls, user } = openSettings(list, ({ path, method }) => {
      if (path !== '/alerts/channels/10' || method !== 'DELETE') return undefined;
      list.channels = [];
      return { status: 204 };
    });
    const item = await screen.findByRole('listitem', { name: 'webhook https://hooks.example.com/in/…' });
    await user.click(within(item).getByRole('button', { name: 'remove' }));
    // jsdom opens no modal <dialog>: its content counts as hidden there.
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog).toHaveTextContent('remove this channel?');
    expect(dialog).toHaveTextContent('Alerts will no longer go to webhook https://hooks.example.com/in/…');
    await user.click(within(dialog).getByRole('button', { name: 'cancel', hidden: true }));
    expect(callsTo(calls, 'DELETE', '/alerts/channels/10')).toHaveLength(0);
    await user.click(within(item).getByRole('button', { name: 'remove' }));
    await user.click(
      within(screen.getByRole('dialog', { hidden: true })).getByRole('button', {
        name: 'remove',
        hidden: true,
      }),
    );
    expect(await screen.findByText('no channels yet')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', '/alerts/channels/10')).toHaveLength(1);
  });

  it('says when the channels cannot be read, and the rules still show', async () => {
    openSettings({ telegram: withTelegram, channels: [] }, ({ path }) =>
      path === '/alerts/channels'
        ? errorReply(500, 'INTERNAL', 'something went wrong on our side')
        : undefined,
    );
    // A 5xx is tried twice more (the app's query retry) before the section says so, offering 'retry'.
    expect(
      await screen.findByText('could not load your alert channels', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'retry' })).toBeInTheDocument();
    expect(screen.getByText('something went wrong on our side')).toBeInTheDocument();
    expect(
      await screen.findByRole('checkbox', { name: /end within 72 hours.*: bell \(every wallet\)/ }),
    ).toBeChecked();
  });

  it("sends each rule's chosen channels and bell in the settings' PUT", async () => {
    const list: AlertChannelList = {
      telegram: withTelegram,
      channels: [channel(7, { kind: 'telegram', target: '@ada' }), channel(8, {})],
    };
    const { calls, user } = openSettings(list, () => undefined);
    const telegramBox = await screen.findByRole('checkbox', {
      name: /end within 72 hours.*: Telegram @ada \(every wallet\)/,
    });
    expect(telegramBox).not.toBeChecked();
    await user.click(telegramBox);
    await user.click(screen.getByRole('checkbox', { name: /end within 72 hours.*: bell \(every wallet\)/ }));
    await user.click(screen.getByRole('button', { name: 'save alert settings' }));
    expect(await screen.findByText('alert settings saved')).toBeInTheDocument();
    const [put] = callsTo(calls, 'PUT', '/alerts/settings');
    const rule = (put!.body as typeof settings).rules[0]!;
    expect(rule.channel_ids).toEqual([7]);
    expect(rule.bell_enabled).toBe(false);
    expect(rule.email_enabled).toBe(true);
  });
});
