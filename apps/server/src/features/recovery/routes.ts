import {
  polPriceSchema,
  recordTransactionSchema,
  recoveryPlanQuerySchema,
  recoveryPlanRequestSchema,
  recoveryPlanSchema,
  walletTransactionListSchema,
  walletTransactionSchema,
} from '@tidewatch/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { throttleGuard } from '../../core/http/throttle-guard.ts';
import type { Throttles } from '../../core/throttle/throttles.ts';
import type { RecoveryService } from './service.ts';

/**
 * Get it out (issue 33): a signed-in user's wallets only. The plan and a recorded transaction read the
 * chain, so each counts against a throttle of its own, sized by what a person does (issue 43, finding 5): a
 * plan of 100 steps is 100 recorded sends and about 200 reads of the plan, none of them the farm refreshes
 * the other screens share. The list is stored rows; POL's price (for the gas line of the position actions) is
 * one cached read per process.
 */
export const recoveryRoutes: FastifyPluginAsyncZod<{
  recovery: RecoveryService;
  throttles: Throttles;
}> = async (app, { recovery, throttles }) => {
  const countPlanReads = throttleGuard(throttles, 'recovery plan reads', (r) => [
    { name: 'recoveryPlanReadsPerUser', key: String(r.user!.id) },
  ]);
  const countRecordedSends = throttleGuard(throttles, 'recorded transactions', (r) => [
    { name: 'recordedSendsPerUser', key: String(r.user!.id) },
  ]);

  app.get(
    '/api/recovery/plan',
    {
      preHandler: [app.requireUser, countPlanReads],
      schema: { querystring: recoveryPlanRequestSchema, response: { 200: recoveryPlanSchema } },
    },
    async (request) =>
      recovery.getPlan(request.user!.id, request.query.wallet_address, {
        walletLp: request.query.include_wallet_lp ?? [],
        vaults: request.query.include_vaults ?? [],
      }),
  );

  // POL's price for the gas line of the position actions: the reader's 30 s cache bounds its chain reads
  // (one per process whoever asks), so it does not count against the user's refresh throttle.
  app.get(
    '/api/recovery/pol-price',
    { preHandler: app.requireUser, schema: { response: { 200: polPriceSchema } } },
    async () => recovery.getPolPrice(),
  );

  app.post(
    '/api/recovery/transactions',
    {
      preHandler: [app.requireUser, countRecordedSends],
      schema: { body: recordTransactionSchema, response: { 200: walletTransactionSchema } },
    },
    async (request) => recovery.recordTransaction(request.user!.id, request.body),
  );

  app.get(
    '/api/recovery/transactions',
    {
      preHandler: app.requireUser,
      schema: { querystring: recoveryPlanQuerySchema, response: { 200: walletTransactionListSchema } },
    },
    async (request) => recovery.listTransactions(request.user!.id, request.query.wallet_address),
  );
};
