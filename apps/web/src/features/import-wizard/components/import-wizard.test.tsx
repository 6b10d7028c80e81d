import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { callsTo, type FakeReply, type FakeRequest, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { notAFarmUrlMessage, urlTooLongMessage } from './url-step.tsx';

const lpPath = '/quickswap/lp_mining_farm_import_guide/next-state';
const dualPath = '/quickswap/dual-mining/next-state';
const farm = '0x1111111111111111111111111111111111111111';
const url = `https://quickswap.exchange/#/quick/0x${'a'.repeat(40)}/0x${'b'.repeat(40)}/${farm}`;
/** Where the wizard keeps the open liquidity-mining import's id (per farm kind, per tab). */
const lpImportKey = 'tidewatch.import-wizard.lp.import-id';
const baseData = { import_id: 5, variant: 'lp', url, token0_choices: [], token1_choices: [] };

type NextStateBody = { name: string; event: string; params: Record<string, unknown> };

const state = (name: string, events: string[], data: Record<string, unknown> = {}) => ({
  body: { name, previous: null, events, data: { ...baseData, ...data } },
});

function wizardError(message: string, data: Record<string, unknown>, code = 'VALIDATION_FAILED') {
  return {
    status: code === 'CONFLICT' ? 409 : 400,
    body: {
      statusCode: 400,
      error: 'Bad Request',
      code,
      message,
      name: 'ERROR',
      previous: 'NOT_STARTED',
      events: ['PARSE_URL'],
      data,
    },
  };
}

const events = (calls: FakeRequest[], path = lpPath) =>
  callsTo(calls, 'POST', path).map((call) => {
    const body = call.body as { name: string; event: string };
    return `${body.name}:${body.event}`;
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

describe('import wizard', () => {
  it('fires PARSE_URL once, on the first change, with the url', async () => {
    const { calls, user } = startAt((request) =>
      request.path === lpPath ? state('STARTED', ['GET_NEXT_STEP']) : undefined,
    );
    const field = screen.getByRole('textbox', { name: 'farm URL' });
    await user.click(field);
    await user.paste(url);
    await user.type(field, ' more');
    await screen.findByRole('button', { name: 'continue import' });
    const posts = callsTo(calls, 'POST', lpPath);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ name: 'NOT_STARTED', event: 'PARSE_URL', params: { url } });
  });

  it('says why nothing was sent when the field holds neither a URL nor an address, and sends on Enter', async () => {
    const { calls, user } = startAt(
      (request) => (request.path === dualPath ? state('STARTED', ['GET_NEXT_STEP']) : undefined),
      '/quickswap/dual-mining',
    );
    const field = screen.getByRole('textbox', { name: 'farm URL' });
    expect(field).toHaveAttribute('placeholder', 'https://quickswap.exchange/#/dual/…');
    await user.type(field, 'hello{Enter}');
    expect(await screen.findByText(notAFarmUrlMessage)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(calls, 'POST', dualPath)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, farm);
    expect(screen.queryByText(notAFarmUrlMessage)).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'continue import' });
    expect(events(calls, dualPath)).toEqual(['NOT_STARTED:PARSE_URL']);
  });

  it('says a pasted text longer than any farm URL is too long, and sends nothing', async () => {
    const { calls, user } = startAt(() => undefined);
    await user.click(screen.getByRole('textbox', { name: 'farm URL' }));
    await user.paste(`${url}?${'x'.repeat(2_100)}`);
    expect(await screen.findByText(urlTooLongMessage)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', lpPath)).toHaveLength(0);
  });

  it("'continue import' fires GET_NEXT_STEP once however often it is clicked", async () => {
    const { calls, user } = startAt((request) => {
      if (request.path !== lpPath) return undefined;
      const body = request.body as { event: string };
      return body.event === 'PARSE_URL'
        ? state('STARTED', ['GET_NEXT_STEP'])
        : state('CONFIRMING_TOKEN_COINMARKETCAP_DATA', ['CONFIRM_TOKEN_COINMARKETCAP_DATA'], {
            price_source: 'onchain',
          });
    });
    await user.click(screen.getByRole('textbox', { name: 'farm URL' }));
    await user.paste(url);
    const button = await screen.findByRole('button', { name: 'continue import' });
    await user.dblClick(button);
    await user.click(button);
    expect(await screen.findByText(/prices come from on-chain pairs/)).toBeInTheDocument();
    expect(events(calls)).toEqual(['NOT_STARTED:PARSE_URL', 'STARTED:GET_NEXT_STEP']);
  });

  it('walks steps on its own, stops at the price choice, sends the chosen id and slug, and completes', async () => {
    const choices = [
      { id: 3890, slug: 'polygon', name: 'Polygon', symbol: 'MATIC' },
      { id: 9999, slug: 'wrapped-matic', name: 'Wrapped Matic', symbol: 'WMATIC' },
    ];
    const { calls, user } = startAt((request) => {
      if (request.path !== lpPath) return undefined;
      const body = request.body as { name: string; event: string };
      if (body.name === 'NOT_STARTED') return state('STARTED', ['GET_NEXT_STEP']);
      if (body.name === 'STARTED') return state('FETCHING_FARM_ABI', ['GET_NEXT_STEP']);
      if (body.name === 'FETCHING_FARM_ABI') {
        return state('CONFIRMING_TOKEN_COINMARKETCAP_DATA', ['CONFIRM_TOKEN_COINMARKETCAP_DATA'], {
          price_source: 'coinmarketcap',
          token0_choices: choices,
          token1_choices: [{ id: 3408, slug: 'usd-coin', name: 'USD Coin', symbol: 'USDC' }],
        });
      }
      return state('completed', [], { farm_address: farm, symbol0: 'WMATIC', symbol1: 'USDC' });
    });
    await user.click(screen.getByRole('textbox', { name: 'farm URL' }));
    await user.paste(url);
    await user.click(await screen.findByRole('button', { name: 'continue import' }));
    const token0 = await screen.findByRole('group', { name: 'token0' });
    const confirm = screen.getByRole('button', { name: 'confirm price data' });
    // The on-chain price is chosen by default (issue 30): confirming needs no pick.
    expect(confirm).toBeEnabled();
    await user.click(
      within(token0).getByRole('radio', { name: /Wrapped Matic \(WMATIC\) · CoinMarketCap price/ }),
    );
    await user.click(
      within(screen.getByRole('group', { name: 'token1' })).getByRole('radio', { name: /USD Coin/ }),
    );
    await user.click(confirm);
    expect(await screen.findByText('import WMATIC-USDC completed!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'view the farm' })).toHaveAttribute(
      'href',
      `/quickswap/lp-mining/details/${farm}`,
    );
    const confirmCall = callsTo(calls, 'POST', lpPath).at(-1)?.body as { params: Record<string, unknown> };
    expect(confirmCall.params.token0).toEqual({
      coinmarketcap_id: 9999,
      coinmarketcap_slug: 'wrapped-matic',
    });
    expect(confirmCall.params.token1).toEqual({ coinmarketcap_id: 3408, coinmarketcap_slug: 'usd-coin' });
    expect(events(calls)).toEqual([
      'NOT_STARTED:PARSE_URL',
      'STARTED:GET_NEXT_STEP',
      'FETCHING_FARM_ABI:GET_NEXT_STEP',
      'CONFIRMING_TOKEN_COINMARKETCAP_DATA:CONFIRM_TOKEN_COINMARKETCAP_DATA',
    ]);
    expect(screen.getByRole('list', { name: 'import steps' })).toHaveTextContent(
      'CREATING_POSITION_SNAPSHOTS',
    );
  });

  it('asks for a name and symbol for a token that could not be looked up', async () => {
    const token = `0x${'e'.repeat(40)}`;
    const { user } = startAt((request) => {
      if (request.path !== dualPath) return undefined;
      const body = request.body as { name: string };
      if (body.name === 'NOT_STARTED') return state('STARTED', ['GET_NEXT_STEP']);
      return state('got unresolvable token', ['CHECK_TOKEN_STATUS'], { variant: 'dual', address: token });
    }, '/quickswap/dual-mining');
    await user.click(screen.getByRole('textbox', { name: 'farm URL' }));
    await user.paste(url.replace('/quick/', '/dual/'));
    await user.click(await screen.findByRole('button', { name: 'continue import' }));
    expect(await screen.findByText(`the token ${token} could not be looked up`)).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'name' });
    const symbol = screen.getByRole('textbox', { name: 'symbol' });
    // Each field says its own first problem, in plain words.
    await user.click(screen.getByRole('button', { name: 'save token' }));
    expect(await screen.findByText('a name is required')).toBeInTheDocument();
    expect(screen.getByText('a symbol is required')).toBeInTheDocument();
    expect(screen.queryByText(/letters, digits/)).not.toBeInTheDocument();
    expect(symbol).toHaveAttribute('aria-invalid', 'true');
    await user.type(name, 'N'.repeat(101));
    await user.type(symbol, 'S'.repeat(21));
    await user.click(screen.getByRole('button', { name: 'save token' }));
    expect(await screen.findByText('at most 100 characters')).toBeInTheDocument();
    expect(screen.getByText('at most 20 characters')).toBeInTheDocument();
  });

  it("shows a failed step in a red box and 'continue' retries from the same state", async () => {
    let failures = 0;
    const { calls, user } = startAt((request) => {
      if (request.path !== lpPath) return undefined;
      const body = request.body as { name: string };
      if (body.name === 'NOT_STARTED') return state('STARTED', ['GET_NEXT_STEP']);
      if (body.name === 'STARTED') return state('FETCHING_POOL_RESERVES', ['GET_NEXT_STEP']);
      failures += 1;
      return failures === 1
        ? {
            status: 502,
            body: {
              statusCode: 502,
              error: 'Bad Gateway',
              code: 'CHAIN_UNAVAILABLE',
              message: 'the chain did not answer',
              name: 'ERROR',
              previous: 'FETCHING_POOL_RESERVES',
              events: ['GET_NEXT_STEP'],
              data: {},
            },
          }
        : state('CONFIRMING_TOKEN_COINMARKETCAP_DATA', ['CONFIRM_TOKEN_COINMARKETCAP_DATA'], {
            price_source: 'onchain',
          });
    });
    await user.click(screen.getByRole('checkbox', { name: /advance automatically/ }));
    await user.click(screen.getByRole('textbox', { name: 'farm URL' }));
    await user.paste(url);
    await user.click(await screen.findByRole('button', { name: 'continue import' }));
    expect(
      await screen.findByText(
        (_, element) => element?.tagName === 'P' && element.textContent === 'step: FETCHING_POOL_RESERVES',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('GET_NEXT_STEP')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('the chain did not answer');
    await user.click(screen.getByRole('button', { name: 'continue' }));
    expect(await screen.findByText(/prices come from on-chain pairs/)).toBeInTheDocument();
    expect(events(calls).slice(-2)).toEqual([
      'FETCHING_POOL_RESERVES:GET_NEXT_STEP',
      'FETCHING_POOL_RESERVES:GET_NEXT_STEP',
    ]);
  });

  it("sends a pasted farm-list URL (no address in it) and shows the server's reason", async () => {
    const list = 'https://quickswap.exchange/#/farm/v2?tab=lpFarm';
    const reason =
      "that is QuickSwap's farm list, which names no farm. Paste the farm's contract address (0x…)";
    const { calls, user } = startAt((request) =>
      request.path === lpPath ? wizardError(reason, {}) : undefined,
    );
    await user.click(screen.getByRole('textbox', { name: 'farm URL' }));
    await user.paste(list);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', lpPath)[0]?.body).toEqual({
      name: 'NOT_STARTED',
      event: 'PARSE_URL',
      params: { url: list },
    });
  });

  it('says when a dual farm was pasted into the liquidity-mining wizard and links to the other wizard', async () => {
    const { user } = startAt((request) =>
      request.path === lpPath
        ? wizardError('this is a dual-mining farm: use the dual-mining import', {
            suggested_variant: 'dual',
            farm_address: farm,
          })
        : undefined,
    );
    await user.click(screen.getByRole('textbox', { name: 'farm URL' }));
    await user.paste(url);
    expect(
      await screen.findByText('this is a dual-mining farm: use the dual-mining import'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'open the dual-mining import wizard' })).toHaveAttribute(
      'href',
      '/quickswap/dual-mining',
    );
  });

  it('links to a farm that is already imported', async () => {
    const { user } = startAt((request) =>
      request.path === lpPath
        ? wizardError('this farm is already imported', { farm_address: farm }, 'CONFLICT')
        : undefined,
    );
    await user.click(screen.getByRole('textbox', { name: 'farm URL' }));
    await user.paste(url);
    expect(await screen.findByRole('link', { name: 'view the imported farm' })).toHaveAttribute(
      'href',
      `/quickswap/lp-mining/details/${farm}`,
    );
  });

  it('resumes a stored import after a reload at the state the server holds, and continues from it', async () => {
    window.sessionStorage.setItem(lpImportKey, '5');
    const { calls } = startAt((request) => {
      if (request.method === 'GET' && request.path === '/quickswap/imports/5') {
        return state('FETCHING_POOL_RESERVES', ['GET_NEXT_STEP']);
      }
      if (request.path === lpPath) {
        return state('CONFIRMING_TOKEN_COINMARKETCAP_DATA', ['CONFIRM_TOKEN_COINMARKETCAP_DATA'], {
          price_source: 'onchain',
        });
      }
      return undefined;
    });
    expect(screen.getByText('resuming import…')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'farm URL' })).not.toBeInTheDocument();
    expect(
      await screen.findByText(
        (_, element) => element?.tagName === 'P' && element.textContent === 'step: FETCHING_POOL_RESERVES',
      ),
    ).toBeInTheDocument();
    // It advances on its own from the resumed state, carrying the import's id.
    expect(await screen.findByText(/prices come from on-chain pairs/)).toBeInTheDocument();
    const posts = callsTo(calls, 'POST', lpPath).map((call) => call.body as NextStateBody);
    expect(posts.map((body) => `${body.name}:${body.event}:${body.params.import_id}`)).toEqual([
      'FETCHING_POOL_RESERVES:GET_NEXT_STEP:5',
    ]);
  });

  it('starts fresh, silently, when the stored import is gone (404)', async () => {
    window.sessionStorage.setItem(lpImportKey, '77');
    const { calls } = startAt(() => undefined);
    expect(await screen.findByRole('textbox', { name: 'farm URL' })).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/quickswap/imports/77')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(lpImportKey)).toBeNull();
  });

  it('keeps the open import id while importing and forgets it once completed', async () => {
    const { user } = startAt((request) => {
      if (request.path !== lpPath) return undefined;
      const body = request.body as { name: string };
      if (body.name === 'NOT_STARTED') return state('STARTED', ['GET_NEXT_STEP']);
      return state('completed', [], { farm_address: farm, symbol0: 'WMATIC', symbol1: 'USDC' });
    });
    await user.click(screen.getByRole('textbox', { name: 'farm URL' }));
    await user.paste(url);
    const button = await screen.findByRole('button', { name: 'continue import' });
    // Kept once the page has the import (the button and the stored id arrive with the same answer).
    await waitFor(() => expect(window.sessionStorage.getItem(lpImportKey)).toBe('5'));
    await user.click(button);
    expect(await screen.findByText('import WMATIC-USDC completed!')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(lpImportKey)).toBeNull();
  });
});
