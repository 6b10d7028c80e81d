import {
  alertRuleLabels,
  alertSettingsSchema,
  markNotificationsReadSchema,
  notificationListSchema,
} from '@tidewatch/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { chainNameOf } from '../../core/chain/chain-name.ts';
import type { AlertChannelsConfig } from '../../core/config.ts';
import type { Database } from '../../core/db/index.ts';
import { type ResolveHost, registerChannelRoutes } from '../alert-channels/index.ts';
import { findNotifications, markNotificationsRead, userExists } from './repository.ts';
import { getAlertSettings, putAlertSettings, unsubscribeRule } from './settings-repository.ts';
import { readUnsubscribeLink } from './unsubscribe-link.ts';

const unsubscribeQuerySchema = z.object({
  u: z.string().max(20).optional(),
  r: z.string().max(40).optional(),
  s: z.string().max(100).optional(),
});

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><meta name="viewport" content="width=device-width"></head><body><main><h1>${title}</h1>${body}<p><a href="/">Tidewatch</a></p></main></body></html>`;
const invalidLink = page(
  'This unsubscribe link is not valid',
  '<p>It was changed, or its account no longer exists. Nothing was changed. You can turn alert e-mails off in the app, under alerts.</p>',
);

/**
 * Alert settings and in-app notifications (a logged-in user's), and the e-mail unsubscribe link (no login:
 * its signature is the proof). GET shows what the link does and a button; POST does it, which is also what
 * a mail client's one-click unsubscribe sends (RFC 8058).
 */
export const alertsRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  secret: string;
  /** The alert channels' settings (issue 36). */
  channels: AlertChannelsConfig;
  now?: () => Date;
  /** DNS for the channels' SSRF guard, replaceable in tests. */
  resolve?: ResolveHost;
}> = async (app, { db, secret, channels, now = () => new Date(), resolve }) => {
  const auth = { preHandler: app.requireUser };
  registerChannelRoutes(app, { db, secret, config: channels, now, ...(resolve ? { resolve } : {}) });
  // The unsubscribe form and a mail client's one-click POST ("List-Unsubscribe=One-Click") are
  // form-encoded; the body says nothing the signed query does not.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/api/alerts/settings',
    { ...auth, schema: { response: { 200: alertSettingsSchema } } },
    async (request) => getAlertSettings(db, request.user!.id),
  );

  app.put(
    '/api/alerts/settings',
    { ...auth, schema: { body: alertSettingsSchema, response: { 200: alertSettingsSchema } } },
    async (request) => putAlertSettings(db, request.user!.id, request.body, now()),
  );

  app.get(
    '/api/notifications',
    { ...auth, schema: { response: { 200: notificationListSchema } } },
    async (request) => {
      const userId = request.user!.id;
      const { rows, unread } = await findNotifications(db, userId, 50);
      return {
        unread,
        items: rows.map((r) => ({
          id: r.id,
          rule: r.rule,
          farm_address: r.farm_address,
          wallet_address: r.wallet_address,
          title: r.title,
          body: r.body,
          link: r.link,
          chain: r.chain_id === null ? null : chainNameOf(r.chain_id),
          created_at: r.created_at,
          is_read: r.read_at !== null,
        })),
      };
    },
  );

  app.post(
    '/api/notifications/read',
    { ...auth, schema: { body: markNotificationsReadSchema } },
    async (request, reply) => {
      await markNotificationsRead(
        db,
        request.user!.id,
        now(),
        'ids' in request.body ? request.body.ids : undefined,
      );
      return reply.code(204).send();
    },
  );

  const target = async (query: z.infer<typeof unsubscribeQuerySchema>) => {
    const link = readUnsubscribeLink(secret, query);
    if (!link) return undefined;
    return (await userExists(db, link.userId)) ? link : undefined;
  };
  const what = (rule: string) =>
    rule === '*'
      ? 'every Tidewatch alert e-mail'
      : `alert e-mails when ${alertRuleLabels[rule as keyof typeof alertRuleLabels]}`;

  app.get(
    '/api/alerts/unsubscribe',
    { schema: { querystring: unsubscribeQuerySchema } },
    async (request, reply) => {
      const link = await target(request.query);
      reply.type('text/html; charset=utf-8');
      if (!link) return reply.code(400).send(invalidLink);
      const action = `/api/alerts/unsubscribe?${new URLSearchParams(request.query as Record<string, string>)}`;
      return reply.send(
        page(
          'Unsubscribe',
          `<p>Stop ${what(link.rule)}? The alerts stay in the app.</p><form method="post" action="${action.replace(/"/g, '&quot;')}"><button type="submit">unsubscribe</button></form>`,
        ),
      );
    },
  );

  app.post(
    '/api/alerts/unsubscribe',
    { config: { isCsrfExempt: true }, schema: { querystring: unsubscribeQuerySchema } },
    async (request, reply) => {
      const link = await target(request.query);
      reply.type('text/html; charset=utf-8');
      if (!link) return reply.code(400).send(invalidLink);
      await unsubscribeRule(db, link.userId, link.rule, now());
      // The way back into the app, where every rule can be turned on again.
      return reply.send(
        page(
          'You are unsubscribed',
          `<p>You will no longer get ${what(link.rule)}.</p><p><a href="/settings/alerts">alert settings</a></p>`,
        ),
      );
    },
  );
};
