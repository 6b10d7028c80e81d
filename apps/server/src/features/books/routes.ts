import {
  ledgerCsvQuerySchema,
  ledgerQuerySchema,
  ledgerSchema,
  ledgerSummaryQuerySchema,
  yearSummarySchema,
} from '@tidewatch/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LedgerContext } from './context.ts';
import { exportLedgerCsv } from './export-ledger-csv.ts';
import { getLedger } from './get-ledger.ts';
import { getYearSummary } from './get-year-summary.ts';

/**
 * The books (issue 35): a wallet's ledger, a year's summary and the exports. Private to the session's user
 * (401 without one) and to the user's own saved or watch-only wallets (404 for any other address).
 */
export const ledgerRoutes: FastifyPluginAsyncZod<{ ledger: LedgerContext }> = async (app, { ledger }) => {
  const auth = { preHandler: app.requireUser };
  const userId = (request: { user: { id: number } | null }) => request.user!.id;

  app.get(
    '/api/ledger',
    { ...auth, schema: { querystring: ledgerQuerySchema, response: { 200: ledgerSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getLedger(ledger, userId(request), request.query);
    },
  );

  app.get(
    '/api/ledger/summary',
    { ...auth, schema: { querystring: ledgerSummaryQuerySchema, response: { 200: yearSummarySchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getYearSummary(ledger, userId(request), request.query);
    },
  );

  app.get(
    '/api/ledger.csv',
    { ...auth, schema: { querystring: ledgerCsvQuerySchema } },
    async (request, reply) => {
      const { filename, csv, leftOut } = await exportLedgerCsv(ledger, userId(request), request.query);
      // Said beside the file: the rows a tax tool's file leaves out for an unknown amount, and why.
      reply.header('x-ledger-left-out', String(leftOut.rows));
      if (leftOut.rows > 0) reply.header('x-ledger-left-out-reasons', leftOut.reasons.join('; '));
      return reply
        .header('content-type', 'text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
