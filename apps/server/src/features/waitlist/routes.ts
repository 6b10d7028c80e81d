import { contactMessageSchema, okResponseSchema, waitlistSignupSchema } from '@tidewatch/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../core/db/index.ts';
import { throttleGuard } from '../../core/http/throttle-guard.ts';
import type { Throttles } from '../../core/throttle/throttles.ts';
import { addContactMessage, addWaitlistSignup } from './repository.ts';

/** Pre-launch waitlist and contact form: both answer only a success signal. */
export const waitlistRoutes: FastifyPluginAsyncZod<{ database: AppDatabase; throttles: Throttles }> = async (
  app,
  { database, throttles },
) => {
  app.post(
    '/api/internal/waitlist',
    {
      preHandler: throttleGuard(throttles, 'waitlist sign-ups', (request) => [
        { name: 'waitlistPerIp', key: request.ip },
      ]),
      schema: { body: waitlistSignupSchema, response: { 201: okResponseSchema } },
    },
    async (request, reply) => {
      // The same answer whether or not the address was already listed (no enumeration).
      await addWaitlistSignup(database.db, request.body);
      return reply.code(201).send({ ok: true });
    },
  );

  app.post(
    '/api/internal/contact',
    {
      preHandler: throttleGuard(throttles, 'messages', (request) => [
        { name: 'contactPerIp', key: request.ip },
      ]),
      schema: { body: contactMessageSchema, response: { 201: okResponseSchema } },
    },
    async (request, reply) => {
      await addContactMessage(database.db, request.body);
      return reply.code(201).send({ ok: true });
    },
  );
};
