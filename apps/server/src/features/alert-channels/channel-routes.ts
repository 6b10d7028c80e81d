import {
  alertChannelListSchema,
  alertChannelParamsSchema,
  alertChannelSchema,
  createAlertChannelSchema,
  createdAlertChannelSchema,
} from '@tidewatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type ChannelsDeps,
  createAlertChannel,
  listAlertChannels,
  queueTestAlert,
  removeAlertChannel,
  resumeAlertChannel,
} from './channels.ts';

/**
 * The alert channels' routes (issue 36), a logged-in user's own: list, add (Telegram's deep link, a
 * Discord webhook, a signed webhook), remove, send a test alert, resume a paused one.
 */
export function registerChannelRoutes(app: FastifyInstance, deps: ChannelsDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireUser };

  typed.get(
    '/api/alerts/channels',
    { ...auth, schema: { response: { 200: alertChannelListSchema } } },
    async (request) => listAlertChannels(deps, request.user!.id),
  );

  typed.post(
    '/api/alerts/channels',
    { ...auth, schema: { body: createAlertChannelSchema, response: { 201: createdAlertChannelSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createAlertChannel(deps, request.user!.id, request.body)),
  );

  typed.delete(
    '/api/alerts/channels/:id',
    { ...auth, schema: { params: alertChannelParamsSchema } },
    async (request, reply) => {
      await removeAlertChannel(deps, request.user!.id, request.params.id);
      return reply.code(204).send();
    },
  );

  typed.post(
    '/api/alerts/channels/:id/test',
    { ...auth, schema: { params: alertChannelParamsSchema } },
    async (request, reply) => {
      await queueTestAlert(deps, request.user!.id, request.params.id);
      return reply.code(202).send({ queued: true });
    },
  );

  typed.post(
    '/api/alerts/channels/:id/resume',
    { ...auth, schema: { params: alertChannelParamsSchema, response: { 200: alertChannelSchema } } },
    async (request) => resumeAlertChannel(deps, request.user!.id, request.params.id),
  );
}
