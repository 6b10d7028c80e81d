import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route (method, URL pattern), for the OpenAPI completeness test. */
    apiRoutes: { method: string; url: string; isHidden: boolean }[];
  }
}

/** The error body every 4xx/5xx answer has (decision 003), referenced by every operation. */
const errorBody: Record<string, unknown> = {
  type: 'object',
  required: ['statusCode', 'error', 'code', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    code: { type: 'string' },
    message: { type: 'string' },
    details: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
} as const;

/**
 * OpenAPI 3.1 from the routes' own zod schemas (@fastify/swagger with the zod type provider's transform):
 * the document at GET /api/openapi.json and a readable reference at GET /api/docs. Register before the
 * routes: the plugin collects them as they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // Every /api route as it is added, so a test can check the document leaves none out.
  const routes: { method: string; url: string; isHidden: boolean }[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const isHidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: route.url, isHidden });
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tidewatch API',
        version: '1',
        description:
          'Track QuickSwap liquidity-mining and dual-mining positions. Authenticated calls send `Authorization: Bearer <jwt>`; unsafe calls also echo the `csrftoken` cookie in `x-csrftoken` (GET /api/internal/csrf_cookie).',
      },
      components: {
        schemas: { Error: errorBody as never },
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => {
      // Every operation may answer the one error body (decision 003).
      const document = ('openapiObject' in input ? input.openapiObject : input.swaggerObject) as {
        paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
      };
      const content = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
      for (const methods of Object.values(document.paths ?? {})) {
        for (const operation of Object.values(methods)) {
          operation.responses ??= {};
          operation.responses['4XX'] ??= {
            description: 'refused: the error body names the reason and fields',
            content,
          };
          operation.responses['5XX'] ??= {
            description: 'failed on our side or upstream (chain, prices)',
            content,
          };
        }
      }
      return document as never;
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/docs', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderReference(app.swagger() as OpenApiDocument)),
  );
}

type OpenApiDocument = {
  info: { title: string; description?: string };
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; required?: boolean }[];
        requestBody?: unknown;
        responses?: Record<string, unknown>;
      }
    >
  >;
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A plain, script-free HTML reference of the document (works under the app's CSP, offline). */
function renderReference(doc: OpenApiDocument): string {
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<li><code>${escapeHtml(p.name)}</code> in ${escapeHtml(p.in)}${p.required ? ' (required)' : ''}</li>`,
        )
        .join('');
      const body = op.requestBody
        ? `<details><summary>request body</summary><pre>${escapeHtml(JSON.stringify(op.requestBody, null, 2))}</pre></details>`
        : '';
      const responses = `<details><summary>responses: ${Object.keys(op.responses ?? {}).join(', ')}</summary><pre>${escapeHtml(JSON.stringify(op.responses ?? {}, null, 2))}</pre></details>`;
      return `<section><h2><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h2>${params ? `<ul>${params}</ul>` : ''}${body}${responses}</section>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)}</title></head><body><main><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description ?? '')}</p><p><a href="/api/openapi.json">openapi.json</a></p>${operations.join('')}</main></body></html>`;
}
