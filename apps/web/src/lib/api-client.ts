import { AppError } from '@tidewatch/shared';
import type { z } from 'zod';
import { csrfHeaderName, readCsrfToken } from './csrf.ts';
import { resolveSchema, type SchemaSource } from './schema-source.ts';
import { getSessionToken } from './session.ts';
import { loadErrorBody } from './start-up-schemas.ts';

/** The original client had no timeout; ours gives up after this long and tells the user. */
const defaultTimeoutMs = 15_000;

export const timeoutMessage = 'the server took too long to answer, please try again';
export const networkMessage = 'could not reach the server, check your connection';

export type ApiClientOptions = {
  /** Prefix for every path; '/api' in the app, a loopback server's URL in tests. */
  baseUrl?: string;
  timeoutMs?: number;
};

type RequestOptions<T> = {
  /**
   * Validates the response body; a mismatch is an AppError rather than a crash further down. A loader is
   * called beside the request, so zod and the schema arrive with the response instead of with the page.
   */
  schema?: SchemaSource<T>;
  /** Cancels the request (TanStack Query passes one); a cancelled request rethrows the abort. */
  signal?: AbortSignal;
  timeoutMs?: number;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiClient = {
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  /** Sends a real DELETE (the original product's helper sent GET), with a JSON body when given. */
  del<T = unknown>(path: string, options?: RequestOptions<T> & { body?: unknown }): Promise<T>;
  /**
   * Asks the server for the `csrftoken` cookie once. Called once the first screen has its data (main.tsx);
   * state-changing helpers await it so the cookie exists before the first POST. A failure is swallowed here:
   * the POST itself then reports it.
   */
  ensureCsrfCookie(): Promise<void>;
};

/** Starts loading a schema given as a loader; a failure is reported where the schema is awaited. */
function loadSchema<T>(schema: SchemaSource<T> | undefined): Promise<z.ZodType<T> | undefined> {
  const ready = schema ? resolveSchema(schema) : Promise.resolve(undefined);
  // Nothing awaits it when the request fails first: keep that from becoming an unhandled rejection.
  ready.catch(() => undefined);
  return ready;
}

/**
 * The AppError an error response stands for. The error body's schema (and zod) load with the first error
 * body; if that module cannot be fetched, the connection is what failed.
 */
async function readError(payload: unknown, status: number): Promise<AppError> {
  try {
    const { appErrorFromBody } = await loadErrorBody();
    return appErrorFromBody(payload, status);
  } catch (error) {
    return new AppError('NETWORK', networkMessage, { cause: error });
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Builds a client for the API: bearer token from sessionStorage, CSRF header from the cookie, cookies sent,
 * JSON bodies, a timeout, and every failure turned into an AppError the UI can show.
 * @example const client = createApiClient({ baseUrl: 'http://127.0.0.1:4000/api', timeoutMs: 200 });
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';
  const clientTimeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  let csrfReady: Promise<void> | undefined;

  async function request<T>(
    method: Method,
    path: string,
    body: unknown,
    opts: RequestOptions<T> = {},
  ): Promise<T> {
    // A caller that gave up before the request was built (a loader whose navigation moved on) sends nothing.
    opts.signal?.throwIfAborted();
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = getSessionToken();
    if (token) headers.authorization = `Bearer ${token}`;
    const csrf = readCsrfToken();
    if (csrf) headers[csrfHeaderName] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';

    const controller = new AbortController();
    let isTimedOut = false;
    const timer = setTimeout(() => {
      isTimedOut = true;
      controller.abort();
    }, opts.timeoutMs ?? clientTimeoutMs);
    const onCallerAbort = () => controller.abort(opts.signal?.reason);
    opts.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const schemaReady = loadSchema(opts.schema);

    try {
      let response: Response;
      try {
        response = await globalThis.fetch(`${baseUrl}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          credentials: 'include',
          signal: controller.signal,
        });
      } catch (error) {
        throw transportError(error);
      }
      let payload: unknown;
      try {
        payload = await readBody(response);
      } catch (error) {
        throw transportError(error);
      }
      if (!response.ok) throw await readError(payload, response.status);
      let schema: z.ZodType<T> | undefined;
      try {
        schema = await schemaReady;
      } catch (error) {
        throw transportError(error);
      }
      if (!schema) return payload as T;
      const parsed = schema.safeParse(payload);
      if (!parsed.success) {
        throw new AppError('INTERNAL', 'the server sent an answer this page does not understand', {
          cause: parsed.error,
        });
      }
      return parsed.data;
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onCallerAbort);
    }

    function transportError(error: unknown): unknown {
      if (isTimedOut) return new AppError('TIMEOUT', timeoutMessage, { cause: error });
      if (opts.signal?.aborted) return error;
      return new AppError('NETWORK', networkMessage, { cause: error });
    }
  }

  function ensureCsrfCookie(): Promise<void> {
    csrfReady ??= request('GET', '/internal/csrf_cookie', undefined).then(
      () => undefined,
      () => undefined,
    );
    return csrfReady;
  }

  async function mutate<T>(
    method: Method,
    path: string,
    body: unknown,
    opts?: RequestOptions<T>,
  ): Promise<T> {
    await ensureCsrfCookie();
    return request(method, path, body, opts);
  }

  return {
    get: (path, opts) => request('GET', path, undefined, opts),
    post: (path, body, opts) => mutate('POST', path, body, opts),
    put: (path, body, opts) => mutate('PUT', path, body, opts),
    patch: (path, body, opts) => mutate('PATCH', path, body, opts),
    del: (path, opts) => mutate('DELETE', path, opts?.body, opts),
    ensureCsrfCookie,
  };
}

/** The app's client. Features import this; tests that need a real server build their own with createApiClient. */
export const api = createApiClient();
