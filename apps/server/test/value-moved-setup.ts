import type { SmtpTestServer, WebhookReceiver } from '@tidewatch/testkit';
import { expect } from 'vitest';
import { deliverAlertChannels } from '../src/features/alert-channels/deliver-channels.ts';
import type { TestApp } from './helpers.ts';

/**
 * The value-moved rule's tests (issue 42, finding 5), V2 farm and V3 position alike: the rule routed to the
 * bell, e-mail and a signed webhook, and what the user then sees of it in each of the three.
 */
export type ValueMovedWatch = {
  /** Delivers what is due (e-mail, then the webhook) and answers the value-moved alerts seen in each. */
  seen(): Promise<{
    bell: { title: string }[];
    mails: string[];
    hooks: { figures: Record<string, unknown> }[];
  }>;
};

const secret = 'whsec_value_moved_test_secret';

/**
 * Routes `value_moved` (every wallet, `threshold` %) to the bell, e-mail and a webhook channel on `receiver`.
 * The channel is stored as the channel routes would after their checks (this app refuses loopback URLs).
 */
export async function watchValueMoved(input: {
  testApp: TestApp;
  user: { token: string; userId: number };
  threshold: number;
  smtp: SmtpTestServer;
  receiver: WebhookReceiver;
  /** Sends the pending alert e-mails (the V3 jobs' round already does it after its alerts). */
  deliverEmails?: () => Promise<unknown>;
  now: () => Date;
}): Promise<ValueMovedWatch> {
  const { testApp, user, receiver } = input;
  const db = testApp.database.db;
  input.receiver.setSecret(secret);
  const channel = await db
    .insertInto('alert_channels')
    .values({
      user_id: user.userId,
      kind: 'webhook',
      label: 'webhook',
      status: 'active',
      target: receiver.url,
      url: receiver.url,
      secret,
      created_at: input.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const put = await testApp.request({
    method: 'PUT',
    url: '/api/alerts/settings',
    token: user.token,
    payload: {
      email_enabled: true,
      rules: [
        {
          rule: 'value_moved',
          wallet_address: null,
          is_enabled: true,
          email_enabled: true,
          bell_enabled: true,
          channel_ids: [channel.id],
          threshold: input.threshold,
        },
      ],
    },
  });
  expect(put.statusCode, put.body).toBe(200);
  const channelConfig = { ...testApp.config.alertChannels, allowLoopback: true };
  return {
    async seen() {
      await input.deliverEmails?.();
      await deliverAlertChannels({
        db,
        config: channelConfig,
        publicUrl: testApp.config.publicUrl,
        now: input.now,
      });
      const bell = await testApp.request({ method: 'GET', url: '/api/notifications', token: user.token });
      expect(bell.statusCode).toBe(200);
      return {
        bell: (bell.json().items as { rule: string; title: string }[]).filter(
          (n) => n.rule === 'value_moved',
        ),
        // A digest's subject counts its alerts: the value move is found by its title in the text.
        mails: input.smtp.messages
          .map((m) => m.text)
          .filter((text) => /position [+-]\d+\.\d% in 24 hours/.test(text)),
        hooks: receiver.received
          .map(
            (r) =>
              r.body as { rule: string; chain_id: number; chain: string; figures: Record<string, unknown> },
          )
          .filter((body) => body.rule === 'value_moved'),
      };
    },
  };
}
