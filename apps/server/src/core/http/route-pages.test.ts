import { describe, expect, it } from 'vitest';
import { findRoutePage, type RoutePagesIndex, scoreRouteMatch } from './route-pages.ts';

describe('scoreRouteMatch', () => {
  it.each([
    ['/', '/', true],
    ['/login', '/login', true],
    ['/login', '/login/', true],
    ['/login', '/LOGIN', true],
    ['/login', '/logins', false],
    ['/login', '/', false],
    ['/farm/:farmAddress', '/farm/0xabc', true],
    ['/farm/:farmAddress', '/farm', false],
    ['/farm/:farmAddress', '/farm/0xabc/more', false],
    ['/wallets/:action?/:walletId?', '/wallets', true],
    ['/wallets/:action?/:walletId?', '/wallets/view', true],
    ['/wallets/:action?/:walletId?', '/wallets/view/7', true],
    ['/wallets/:action?/:walletId?', '/wallets/view/7/8', false],
    ['/quickswap/lp-mining/details/:farmAddress', '/quickswap/lp-mining/details/0x1', true],
    ['/quickswap/lp-mining/details/:farmAddress', '/quickswap/dual-mining/details/0x1', false],
    ['/signup/confirm', '/signup/%63onfirm', true],
  ] as const)('%s against %s: %s', (pattern, path, isMatch) => {
    expect(scoreRouteMatch(pattern, path) !== null).toBe(isMatch);
  });

  it('ranks a static segment above a dynamic one', () => {
    const staticScore = scoreRouteMatch('/integrations/callback', '/integrations/callback');
    const dynamicScore = scoreRouteMatch('/integrations/:action', '/integrations/callback');
    expect(staticScore).toBeGreaterThan(dynamicScore ?? Number.POSITIVE_INFINITY);
  });
});

describe('findRoutePage', () => {
  const index: RoutePagesIndex = {
    pages: [
      { pattern: '/', file: 'index.html' },
      { pattern: '/integrations/:action', file: 'pages/integrations-action.html' },
      { pattern: '/integrations/callback', file: 'pages/integrations-callback.html' },
    ],
    fallback: 'pages/fallback.html',
  };

  it.each([
    ['/', 'index.html'],
    ['/integrations/callback', 'pages/integrations-callback.html'],
    ['/integrations/connect', 'pages/integrations-action.html'],
    ['/no/such/screen', 'pages/fallback.html'],
  ])('%s -> %s', (path, file) => {
    expect(findRoutePage(index, path)).toBe(file);
  });
});
