import { STATUS_CODES } from 'node:http';
import {
  importCancelledSchema,
  importIdParamsSchema,
  type WizardErrorBody,
  type WizardVariant,
  wizardNextStateRequestSchema,
  wizardStateResponseSchema,
} from '@tidewatch/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ImportWizardService } from './service.ts';
import { WizardError } from './wizard-error.ts';

/** The standard error body plus the wizard's error marker, the state to retry from and its data. */
function sendWizardError(reply: FastifyReply, error: WizardError): FastifyReply {
  const body: WizardErrorBody = {
    statusCode: error.statusCode,
    error: STATUS_CODES[error.statusCode] ?? 'Error',
    code: error.code,
    // 5xx never leaks internals; chain and price errors carry a message written for people.
    message: error.code === 'INTERNAL' ? 'something went wrong on our side; please try again' : error.message,
    ...(error.details?.length ? { details: error.details } : {}),
    name: 'ERROR',
    previous: error.previous,
    events: error.events,
    data: error.data,
  };
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(body);
}

/**
 * The import wizards (spec section 7): one next-state endpoint per variant over the same state
 * machine, and a resume endpoint. All need the bearer token.
 */
export const importWizardRoutes: FastifyPluginAsyncZod<{ wizard: ImportWizardService }> = async (
  app,
  { wizard },
) => {
  const paths: [string, WizardVariant][] = [
    ['/api/quickswap/lp_mining_farm_import_guide/next-state', 'lp'],
    ['/api/quickswap/dual-mining/next-state', 'dual'],
  ];
  for (const [path, variant] of paths) {
    app.post(
      path,
      {
        preHandler: app.requireUser,
        schema: { body: wizardNextStateRequestSchema, response: { 200: wizardStateResponseSchema } },
      },
      async (request, reply) => {
        try {
          return await wizard.advance(request.user!.id, variant, request.body);
        } catch (error) {
          if (error instanceof WizardError) {
            if (error.statusCode >= 500) request.log.warn({ err: error }, 'import step failed');
            return sendWizardError(reply, error);
          }
          throw error;
        }
      },
    );
  }

  // A reload resumes: the import's current state (NOT_STARTED + params.import_id answers the same).
  app.get(
    '/api/quickswap/imports/:id',
    {
      preHandler: app.requireUser,
      schema: { params: importIdParamsSchema, response: { 200: wizardStateResponseSchema } },
    },
    async (request) => wizard.getImport(request.user!.id, request.params.id),
  );

  // Cancel: an open import goes, so another can start (one import at a time per user).
  app.delete(
    '/api/quickswap/imports/:id',
    {
      preHandler: app.requireUser,
      schema: { params: importIdParamsSchema, response: { 200: importCancelledSchema } },
    },
    async (request) => wizard.cancelImport(request.user!.id, request.params.id),
  );
};
