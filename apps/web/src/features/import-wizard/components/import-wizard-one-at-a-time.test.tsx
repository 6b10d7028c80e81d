import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { callsTo, type FakeReply, type FakeRequest, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';

// Issue 30, finding 6: one import at a time with a choice, STARTED names its farm and can be cancelled, the
// URL field works after a refusal and stale banners go.
const lpPath = '/quickswap/lp_mining_farm_import_guide/next-state';
const farmA = '0x1111111111111111111111111111111111111111';
const farmB = '0x2222222222222222222222222222222222222222';
const urlOf = (farm: string) =>
  `https://quickswap.exchange/#/quick/0x${'a'.repeat(40)}/0x${'b'.repeat(40)}/${farm}`;
const lpImportKey = 'tidewatch.import-wizard.lp.import-id';

const started = (importId: number, farm: string, extra: Record<string, unknown> = {}) => ({
  body: {
    name: 'STARTED',
    previous: 'NOT_STARTED',
    events: ['GET_NEXT_STEP'],
    data: {
      import_id: importId,
      variant: 'lp',
      url: urlOf(farm),
      farm_url: urlOf(farm),
      farm_address: farm,
      token0_choices: [],
      token1_choices: [],
      ...extra,
    },
  },
});

function refusal(status: number, code: string, message: string, data: Record<string, unknown> = {}) {
  return {
    status,
    body: {
      statusCode: status,
      error: 'Error',
      code,
      message,
      name: 'ERROR',
      previous: 'NOT_STARTED',
      events: ['PARSE_URL'],
      data,
    },
  };
}

const cancelled = (importId: number, farm: string) => ({
  body: { import_id: importId, farm_address: farm, message: `the import of farm ${farm} was cancelled` },
});

function startAt(reply: (request: FakeRequest) => FakeReply | undefined, path = '/quickswap/lp-mining') {
  window.sessionStorage.setItem(sessionTokenKey, 'token-1');
  const calls = installFakeFetch((request) => {
    if (request.path === '/quickswap/get-tracked-pools' || request.path === '/quickswap/tracked-summary') {
      return { body: { lp_mining: [], dual_mining: [] } };
    }
    if (request.path === '/quickswap/dual-mining/tracked-farms') return { body: [] };
    return reply(request);
  });
  return { calls, ...renderRoute(path) };
}

const parseUrls = (calls: FakeRequest[]) =>
  callsTo(calls, 'POST', lpPath)
    .map((call) => call.body as { event: string; params: { url?: string } })
    .filter((body) => body.event === 'PARSE_URL')
    .map((body) => body.params.url);

describe('import wizard: the URL field after a refusal', () => {
  it('takes a new URL without any other click, and the red banner goes as soon as the field is edited', async () => {
    const reason = 'that is a syrup pool (#/syrup/…): it stakes a single token';
    const bad = 'https://quickswap.exchange/#/syrup/0xabc';
    const { calls, user } = startAt((request) => {
      if (request.path !== lpPath) return undefined;
      const { params } = request.body as { params: { url: string } };
      return params.url === bad ? refusal(400, 'VALIDATION_FAILED', reason) : started(5, farmA);
    });
    const field = screen.getByRole('textbox', { name: 'farm URL' });
    await user.click(field);
    await user.paste(bad);
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(field).toBeEnabled();

    await user.type(field, '{Backspace}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.clear(field);
    await user.paste(urlOf(farmA));
    expect(await screen.findByRole('button', { name: 'continue import' })).toBeInTheDocument();
    expect(parseUrls(calls)).toEqual([bad, urlOf(farmA)]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('import wizard: STARTED', () => {
  it('names its farm (pair, address, URL) and can be cancelled, which ends it and reopens the URL field', async () => {
    const { calls, user } = startAt((request) => {
      if (request.method === 'DELETE' && request.path === '/quickswap/imports/5') return cancelled(5, farmA);
      return request.path === lpPath ? started(5, farmA, { symbol0: 'WMATIC', symbol1: 'USDC' }) : undefined;
    });
    await user.click(screen.getByRole('textbox', { name: 'farm URL' }));
    await user.paste(urlOf(farmA));
    await screen.findByRole('button', { name: 'continue import' });
    const farmName = screen.getByRole('region', { name: 'the farm being imported' });
    expect(farmName).toHaveTextContent('WMATIC-USDC farm');
    expect(farmName).toHaveTextContent(farmA);
    expect(farmName).toHaveTextContent(urlOf(farmA));
    expect(window.sessionStorage.getItem(lpImportKey)).toBe('5');

    await user.click(screen.getByRole('button', { name: 'cancel import' }));
    expect(await screen.findByRole('textbox', { name: 'farm URL' })).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', '/quickswap/imports/5')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent(`the import of farm ${farmA} was cancelled`);
    expect(window.sessionStorage.getItem(lpImportKey)).toBeNull();
  });
});

describe("import wizard: 'import' from the farm index while another import is open", () => {
  const withOpenImport = (extra: (request: FakeRequest) => FakeReply | undefined = () => undefined) => {
    window.sessionStorage.setItem(lpImportKey, '5');
    return startAt((request) => {
      if (request.method === 'GET' && request.path === '/quickswap/imports/5') return started(5, farmA);
      if (request.method === 'DELETE' && request.path === '/quickswap/imports/5') return cancelled(5, farmA);
      if (request.path === lpPath) return started(6, farmB);
      return extra(request);
    }, `/quickswap/lp-mining?import=${farmB}`);
  };

  it("asks, and 'start this one' cancels the other and imports the farm asked for", async () => {
    const { calls, user } = withOpenImport();
    const choice = await screen.findByRole('region', { name: 'another import is open' });
    expect(choice).toHaveTextContent(farmA);
    expect(choice).toHaveTextContent(farmB);
    expect(parseUrls(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'start this one' }));
    const farmName = await screen.findByRole('region', { name: 'the farm being imported' });
    expect(farmName).toHaveTextContent(farmB);
    expect(callsTo(calls, 'DELETE', '/quickswap/imports/5')).toHaveLength(1);
    expect(parseUrls(calls)).toEqual([farmB]);
    expect(window.sessionStorage.getItem(lpImportKey)).toBe('6');
  });

  it("'continue the other' goes to the open import and imports nothing else", async () => {
    const { calls, user } = withOpenImport();
    await user.click(await screen.findByRole('button', { name: 'continue the other' }));
    const farmName = await screen.findByRole('region', { name: 'the farm being imported' });
    expect(farmName).toHaveTextContent(farmA);
    expect(screen.queryByRole('region', { name: 'another import is open' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'continue import' })).toBeInTheDocument();
    expect(parseUrls(calls)).toEqual([]);
    expect(callsTo(calls, 'DELETE', '/quickswap/imports/5')).toHaveLength(0);
  });

  it('offers the same choice when the server refuses the URL because another tab has an import open', async () => {
    const open = {
      import_id: 9,
      variant: 'lp',
      state: 'FETCHING_POOL_RESERVES',
      farm_address: farmA,
      url: urlOf(farmA),
    };
    let isOtherOpen = true;
    const { calls, user } = startAt((request) => {
      if (request.method === 'DELETE' && request.path === '/quickswap/imports/9') {
        isOtherOpen = false;
        return cancelled(9, farmA);
      }
      if (request.path !== lpPath) return undefined;
      return isOtherOpen
        ? refusal(
            409,
            'CONFLICT',
            `another import is open: farm ${farmA} at the step FETCHING_POOL_RESERVES`,
            {
              open_import: open,
            },
          )
        : started(10, farmB);
    });
    await user.click(screen.getByRole('textbox', { name: 'farm URL' }));
    await user.paste(urlOf(farmB));
    const choice = await screen.findByRole('region', { name: 'another import is open' });
    expect(choice).toHaveTextContent(farmA);
    await user.click(screen.getByRole('button', { name: 'start this one' }));
    expect(await screen.findByRole('region', { name: 'the farm being imported' })).toHaveTextContent(farmB);
    expect(parseUrls(calls)).toEqual([urlOf(farmB), urlOf(farmB)]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
