import { STATUS_CODES } from 'node:http';
import { AppError, type ErrorBody, type ErrorCode, type ErrorDetail, errorStatus } from '@tidewatch/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { plainIssueMessage, validationSummary } from './plain-validation.ts';

/** Fastify's own errors we translate into our codes (anything else 4xx keeps BAD_REQUEST). */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
};

const fastifyMessages: Partial<Record<ErrorCode, string>> = {
  UNSUPPORTED_MEDIA_TYPE: 'request bodies must be JSON (Content-Type: application/json)',
  PAYLOAD_TOO_LARGE: 'the request body is too large',
};

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  details?: ErrorDetail[],
  /** Facts a client can act on (a limit), from `AppError.extra`; never overrides the standard fields. */
  extra: Readonly<Record<string, unknown>> = {},
): FastifyReply {
  const statusCode = errorStatus[code];
  const body: ErrorBody = {
    ...extra,
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    code,
    message,
    ...(details?.length ? { details } : {}),
  };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

function validationDetails(error: Parameters<typeof hasZodFastifySchemaValidationErrors>[0]): ErrorDetail[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const context = (error as { validationContext?: string }).validationContext ?? 'body';
  return error.validation.flatMap((issue) => {
    const path = issue.instancePath.split('/').filter(Boolean);
    // Unknown keys carry their names in params, not in the path.
    const keys = (issue.params as { keys?: string[] }).keys;
    if (issue.keyword === 'unrecognized_keys' && keys?.length) {
      return keys.map((key) => ({ field: [context, ...path, key].join('.'), message: 'unknown field' }));
    }
    return [{ field: [context, ...path].join('.'), message: plainIssueMessage(issue) }];
  });
}

/** The one error handler: every failure leaves as `{statusCode, error, code, message, details?}`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      // Upstream failures (chain, prices) are logged with their detail (URLs redacted by the err
      // serializer); the answer carries only the short message.
      if (errorStatus[error.code] >= 500) request.log.warn({ err: error }, error.message);
      return sendError(reply, error.code, error.message, error.details, error.extra);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = validationDetails(error);
      return sendError(reply, 'VALIDATION_FAILED', validationSummary(details), details);
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped) {
      const message =
        fastifyMessages[mapped] ??
        (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'the request body is empty but its Content-Type says JSON'
          : 'the request body is not valid JSON');
      return sendError(reply, mapped, message);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return sendError(reply, status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'INTERNAL', 'something went wrong on our side; please try again');
  });
}
