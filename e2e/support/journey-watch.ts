import type { BrowserContext, ConsoleMessage, Page, Request, Response } from 'playwright-core';

type ExpectedFailure = { method: string; path: string | RegExp; status: number };

/** The text on the routing fallback: a screen that shows it has crashed or does not exist. */
export const crashPageText = 'Unexpected Application Error!';

/**
 * What went wrong in the pages of a browser context without the journey asking for it: uncaught page errors,
 * console errors, the routing fallback's 'Unexpected Application Error!', /api answers of 400 and above that
 * no `expect` declared, and requests that failed outright.
 */
export type JourneyWatch = {
  /** Declares a failing API answer the journey provokes on purpose (a 401 for a wrong password, say). */
  expect: (method: string, path: string | RegExp, status: number) => void;
  /** Declares a console error the journey provokes on purpose (the fallback page of an unknown path, say). */
  expectConsoleError: (pattern: RegExp) => void;
  /** The offences seen since the last call, described one a line; the list starts empty again. */
  takeOffences: () => Promise<string[]>;
};

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

function matchesPath(expected: string | RegExp, pathname: string): boolean {
  return typeof expected === 'string' ? expected === pathname : expected.test(pathname);
}

/** Starts watching every page the context has or opens. */
export function watchJourney(context: BrowserContext): JourneyWatch {
  const expected: ExpectedFailure[] = [];
  const expectedConsoleErrors: RegExp[] = [];
  const offences: Promise<string>[] = [];

  const watchPage = (page: Page) => {
    page.on('pageerror', (error) => {
      offences.push(Promise.resolve(`uncaught page error at ${page.url()}: ${error.stack ?? error.message}`));
    });
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      // A failed /api answer also prints 'Failed to load resource': the response watch below judges those.
      const source = message.location().url;
      if (text.startsWith('Failed to load resource') && source && isApiPath(new URL(source).pathname)) return;
      if (expectedConsoleErrors.some((pattern) => pattern.test(text))) return;
      offences.push(Promise.resolve(`console error at ${page.url()}: ${text.slice(0, 500)}`));
    });
  };
  // The routing fallback logs its error (RouteErrorPage), so a screen that crashed is caught here even when
  // the journey never looks at it again.
  context.pages().forEach(watchPage);
  context.on('page', watchPage);

  context.on('response', (response: Response) => {
    const url = new URL(response.url());
    const status = response.status();
    if (status < 400 || !isApiPath(url.pathname)) return;
    const method = response.request().method();
    const isExpected = expected.some(
      (failure) =>
        failure.method === method && failure.status === status && matchesPath(failure.path, url.pathname),
    );
    if (isExpected) return;
    offences.push(
      response
        .text()
        .catch(() => '')
        .then((body) => `${method} ${url.pathname}${url.search} answered ${status}: ${body.slice(0, 300)}`),
    );
  });

  context.on('requestfailed', (request: Request) => {
    const reason = request.failure()?.errorText ?? 'unknown';
    // A request cut short by a navigation or an AbortController is not a failure of the app.
    if (reason === 'net::ERR_ABORTED') return;
    offences.push(Promise.resolve(`${request.method()} ${request.url()} failed: ${reason}`));
  });

  return {
    expect: (method, path, status) => {
      expected.push({ method: method.toUpperCase(), path, status });
    },
    expectConsoleError: (pattern) => {
      expectedConsoleErrors.push(pattern);
    },
    takeOffences: async () => Promise.all(offences.splice(0)),
  };
}
