import {
  addressParamsSchema,
  farmPriceChoiceRequestSchema,
  farmPriceChoiceResponseSchema,
  farmPriceChoicesSchema,
  priceChoiceChangeRequestBodySchema,
  priceChoiceChangeRequestSchema,
} from '@tidewatch/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { createPriceChoiceService } from './price-choice.ts';

/**
 * A farm's token price choices: read by any signed-in user, changed by the operator only (403 for anyone else,
 * decision 033), and a change asked for by anyone.
 */
export const priceChoiceRoutes: FastifyPluginAsyncZod<{
  service: ReturnType<typeof createPriceChoiceService>;
}> = async (app, { service }) => {
  app.get(
    '/api/quickswap/farm/details/:address/price-choices',
    {
      preHandler: app.requireUser,
      schema: { params: addressParamsSchema, response: { 200: farmPriceChoicesSchema } },
    },
    async (request) => service.getPriceChoices(request.params.address, request.user!),
  );
  app.put(
    '/api/quickswap/farm/details/:address/price-choice',
    {
      preHandler: app.requireUser,
      schema: {
        params: addressParamsSchema,
        body: farmPriceChoiceRequestSchema,
        response: { 200: farmPriceChoiceResponseSchema },
      },
    },
    async (request) => service.setPriceChoice(request.params.address, request.user!, request.body),
  );
  app.post(
    '/api/quickswap/farm/details/:address/price-choice-request',
    {
      preHandler: app.requireUser,
      schema: {
        params: addressParamsSchema,
        body: priceChoiceChangeRequestBodySchema,
        response: { 201: priceChoiceChangeRequestSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.requestPriceChoice(request.params.address, request.user!, request.body)),
  );
};
