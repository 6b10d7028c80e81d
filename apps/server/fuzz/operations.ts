import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

/** One operation of the OpenAPI document, as the fuzzer needs it. */
export type Operation = {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyProperties: string[];
  hasBody: boolean;
};

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};

/** Every operation of the app's own OpenAPI document. */
export function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as unknown as OpenApi;
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = op.parameters ?? [];
      const body = op.requestBody?.content?.['application/json']?.schema;
      return {
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProperties: Object.keys(body?.properties ?? {}),
        hasBody: Boolean(op.requestBody),
      };
    }),
  );
}

const hostileStrings = fc.constantFrom(
  '',
  ' ',
  '0x',
  `0x${'f'.repeat(40)}`,
  `0x${'G'.repeat(40)}`,
  'x'.repeat(20_000),
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '💧🌊',
  'Ünïcödé',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  'NaN',
  '-1',
  '1e309',
);
const address = fc.constantFrom(
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x0000000000000000000000000000000000000000',
  `0x${'a'.repeat(40)}`,
);
const scalar = fc.oneof(
  fc.string(),
  hostileStrings,
  address,
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e308, -0),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.oneof(fc.string(), hostileStrings), scalar, { maxKeys: 4 }) },
);

export type FuzzRequest = { url: string; payload: unknown; hasSession: boolean; hasCsrf: boolean };

/** A request for an operation: declared fields with wild values, missing ones, extra and hostile keys. */
export function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const segment = fc.oneof(address, hostileStrings, fc.string({ maxLength: 50 }), fc.integer().map(String));
  const pathValues = fc.tuple(...op.pathParams.map(() => segment));
  const fields = (names: string[]) =>
    fc.record(Object.fromEntries(names.map((n) => [n, value])), { requiredKeys: [] });
  const extra = fc.dictionary(fc.oneof(hostileStrings, fc.string({ maxLength: 10 })), scalar, { maxKeys: 2 });
  const query = fc.tuple(fields(op.queryParams), extra);
  const body = fc.oneof(
    fc.tuple(fields(op.bodyProperties), extra).map(([declared, more]) => ({ ...more, ...declared })),
    value,
    fc.constant(undefined),
  );
  // Mostly with a CSRF token, so most requests get past it to the route.
  const hasCsrf = fc.integer({ min: 0, max: 4 }).map((n) => n > 0);
  return fc
    .tuple(pathValues, query, body, fc.boolean(), hasCsrf)
    .map(([params, [declared, more], payload, hasSession, withCsrf]) => {
      let url = op.path;
      op.pathParams.forEach((name, i) => {
        url = url.replace(`{${name}}`, encodeURIComponent(String(params[i] ?? '')));
      });
      const search = new URLSearchParams();
      for (const [key, v] of Object.entries({ ...more, ...declared })) {
        if (v !== undefined) search.set(key, typeof v === 'string' ? v : JSON.stringify(v));
      }
      const qs = search.toString();
      return {
        url: qs ? `${url}?${qs}` : url,
        payload: op.hasBody || op.method !== 'GET' ? payload : undefined,
        hasSession,
        hasCsrf: withCsrf,
      };
    });
}
