import { screen, waitFor, within } from '@testing-library/react';
import type { AlertChannel, AlertChannelList, AlertSettings } from '@tidewatch/shared';
import { alertRuleLabels } from '@tidewatch/shared';
import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { callsTo, type FakeReply, type FakeRequest, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';

// Issue 42: a channel just linked or added is offered to every rule at once, through the rules API.

const wallet = '0x1234567890AbcdEF1234567890aBcdef12345678';

/** Two rules for every wallet and one for one wallet; the last still names channel 99, removed since. */
function savedSettings(): AlertSettings {
  const rule = { is_enabled: true, email_enabled: true, bell_enabled: true, threshold: null };
  return {
    email_enabled: true,
    rules: [
      { ...rule, rule: 'ending_soon', wallet_address: null, channel_ids: [] },
      { ...rule, rule: 'paused', wallet_address: null, channel_ids: [] },
      { ...rule, rule: 'ended_with_stake', wallet_address: wallet, channel_ids: [99] },
    ],
  };
}

function channel(id: number, change: Partial<AlertChannel>): AlertChannel {
  return {
    id,
    kind: 'discord',
    label: '',
    target: 'https://discord.com/api/webhooks/123/…',
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

/** /settings/alerts against a fake server that keeps the settings it is sent and the channels `answer` adds. */
function openSettings(list: AlertChannelList, answer: (request: FakeRequest) => FakeReply | undefined) {
  window.sessionStorage.setItem(sessionTokenKey, 'token-1');
  let settings = savedSettings();
  const calls = installFakeFetch((request) => {
    const { path, method, body } = request;
    if (path === '/internal/token/session') return { body: validSession };
    if (path === '/wallets/connected') return { body: { wallets: [] } };
    if (path === '/alerts/settings' && method === 'GET') return { body: settings };
    if (path === '/alerts/settings' && method === 'PUT') {
      settings = body as AlertSettings;
      return { body: settings };
    }
    const answered = answer(request);
    if (answered) return answered;
    if (path === '/alerts/channels' && method === 'GET') return { body: list };
    return undefined;
  });
  return { calls, ...renderRoute('/settings/alerts') };
}

/**
 * A guard against a hang, not a bound on speed: each test opens the whole settings screen (its lazy route,
 * both forms), which took over the default 5 s on a loaded two-core machine.
 */
const screenTestTimeoutMs = 20_000;

/** The rules table's box for `name` (a channel's name) on a rule, as a person finds it. */
const box = (rule: keyof typeof alertRuleLabels, name: string, who = 'every wallet') =>
  screen.getByRole('checkbox', { name: `${alertRuleLabels[rule]}: ${name} (${who})` });

describe('a channel just linked or added, offered to every rule', () => {
  it(
    'after a Telegram chat is linked, "send every rule here" ticks it on every rule, and the rules show it',
    async () => {
      const list: AlertChannelList = {
        telegram: { available: true, bot_username: 'tidewatch_bot' },
        channels: [],
      };
      const { calls, user } = openSettings(list, ({ path, method }) => {
        if (path === '/alerts/channels' && method === 'POST') {
          const created = channel(3, {
            kind: 'telegram',
            target: 'Telegram chat',
            status: 'linking',
            link_url: 'https://t.me/tidewatch_bot?start=c0de42',
          });
          list.channels = [{ ...created, link_url: null }];
          return { status: 201, body: { channel: created, secret: null } };
        }
        // The person pressed Start in Telegram at once: the list read after the link says it is linked.
        if (path === '/alerts/channels' && method === 'GET' && list.channels.length > 0) {
          list.channels = [channel(3, { kind: 'telegram', target: '@ada' })];
        }
        return undefined;
      });
      await screen.findByText('no channels yet');
      await user.click(screen.getByRole('radio', { name: 'Telegram' }));
      await user.click(screen.getByRole('button', { name: 'link a Telegram chat' }));
      const linked = await screen.findByText(/alerts can now go to @ada/);
      // Linked, yet no rule sends there: every box for it is unticked until the person says otherwise.
      expect(box('ending_soon', 'Telegram @ada')).not.toBeChecked();
      const notice = linked.closest('[role="status"]') as HTMLElement;
      await user.click(within(notice).getByRole('button', { name: 'send every rule here' }));

      expect(await within(notice).findByText('every rule now sends to @ada too')).toBeInTheDocument();
      const [put] = callsTo(calls, 'PUT', '/alerts/settings');
      // Each rule keeps the rest of what was saved; a channel removed since (99) is dropped, not sent back.
      expect(put?.body).toEqual({
        ...savedSettings(),
        rules: savedSettings().rules.map((rule) => ({ ...rule, channel_ids: [3] })),
      });
      await waitFor(() => expect(box('ending_soon', 'Telegram @ada')).toBeChecked());
      expect(box('paused', 'Telegram @ada')).toBeChecked();
      expect(box('ended_with_stake', 'Telegram @ada', '0x1234…5678')).toBeChecked();
    },
    screenTestTimeoutMs,
  );

  it(
    'after a Discord webhook is added, offers the same, and leaves the rules alone until asked',
    async () => {
      const list: AlertChannelList = { telegram: { available: false, bot_username: null }, channels: [] };
      const { calls, user } = openSettings(list, ({ path, method }) => {
        if (path !== '/alerts/channels' || method !== 'POST') return undefined;
        const created = channel(4, {});
        list.channels = [created];
        return { status: 201, body: { channel: created, secret: null } };
      });
      await screen.findByText('no channels yet');
      await user.click(screen.getByRole('radio', { name: 'Discord' }));
      await user.type(
        screen.getByRole('textbox', { name: 'Discord webhook URL' }),
        'https://discord.com/api/webhooks/123/abc',
      );
      await user.click(screen.getByRole('button', { name: 'add Discord' }));
      const added = await screen.findByText(/alerts can now go to https:\/\/discord\.com/);
      const notice = added.closest('[role="status"]') as HTMLElement;
      const name = 'Discord https://discord.com/api/webhooks/123/…';
      await waitFor(() => expect(box('ending_soon', name)).not.toBeChecked());
      expect(callsTo(calls, 'PUT', '/alerts/settings')).toHaveLength(0);

      await user.click(within(notice).getByRole('button', { name: 'send every rule here' }));
      await waitFor(() => expect(box('ending_soon', name)).toBeChecked());
      expect(box('paused', name)).toBeChecked();
      expect(callsTo(calls, 'PUT', '/alerts/settings')).toHaveLength(1);
    },
    screenTestTimeoutMs,
  );
});
