import { describe, expect, it } from 'vitest';
import { listRoutePages } from './route-pages.ts';
import { routes } from './router.tsx';

describe('listRoutePages', () => {
  const pages = listRoutePages(routes);
  const screenOf = (pattern: string) => pages.find((page) => page.pattern === pattern)?.screen;

  it('lists the landing page, which is in the entry, without a screen module', () => {
    expect(pages).toContainEqual({ pattern: '/', screen: null });
  });

  it('names the module of an open screen and of one behind the session guard (a pathless layout)', () => {
    expect(screenOf('/login')).toBe('login');
    expect(screenOf('/dashboard')).toBe('dashboard');
    expect(screenOf('/quickswap/lp-mining/details/:farmAddress')).toBe('farm-detail');
    expect(screenOf('/wallets/:address/recovery')).toBe('recovery');
    expect(screenOf('/wallets/:address/books')).toBe('books');
    expect(screenOf('/quickswap/v3-positions')).toBe('v3-positions');
    expect(screenOf('/quickswap/v3-positions/details/:tokenId')).toBe('v3-position-detail');
    expect(screenOf('/quickswap/vaults')).toBe('vaults');
  });

  it('lists each path once, every one absolute', () => {
    const patterns = pages.map((page) => page.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    expect(patterns.every((pattern) => pattern.startsWith('/'))).toBe(true);
  });

  it('joins nested relative paths under their parent', () => {
    const table = [
      { path: '/a', children: [{ path: 'b', handle: { screen: 'x' } }, { index: true }] },
      { children: [{ path: '/c' }] },
    ];
    expect(listRoutePages(table)).toEqual([
      { pattern: '/a/b', screen: 'x' },
      { pattern: '/a', screen: null },
      { pattern: '/c', screen: null },
    ]);
  });
});
