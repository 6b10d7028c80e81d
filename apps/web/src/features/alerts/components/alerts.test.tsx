import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { callsTo, errorReply, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';

const settings = {
  email_enabled: true,
  rules: [
    { rule: 'ending_soon', wallet_address: null, is_enabled: true, email_enabled: true, threshold: null },
    { rule: 'value_moved', wallet_address: null, is_enabled: true, email_enabled: true, threshold: 20 },
  ],
};

describe('alerts in the app', () => {
  it('counts unread alerts on the bell and lists them', async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    installFakeFetch(({ path }) => {
      if (path === '/internal/token/session') return { body: validSession };
      if (path === '/notifications') {
        return {
          body: {
            unread: 1,
            items: [
              {
                id: 3,
                rule: 'ending_soon',
                farm_address: '0x1000000000000000000000000000000000000001',
                wallet_address: '0x2000000000000000000000000000000000000002',
                title: 'WETH / USDC on Polygon: rewards end in 40 hours',
                body: 'move or withdraw the stake',
                link: 'http://localhost/quickswap/lp-mining/details/0x1000000000000000000000000000000000000001',
                chain: 'Polygon',
                created_at: new Date().toISOString(),
                is_read: false,
              },
            ],
          },
        };
      }
      return undefined;
    });
    const { user } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('link', { name: 'notifications: 1 unread' }));
    const list = await screen.findByRole('list', { name: 'notifications' });
    expect(within(list).getByText('WETH / USDC on Polygon: rewards end in 40 hours')).toBeInTheDocument();
    // Every alert names its chain (issue 47), older ones stored before their titles did too.
    expect(within(list).getByText('Polygon', { exact: true })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'open the farm' })).toHaveAttribute(
      'href',
      '/quickswap/lp-mining/details/0x1000000000000000000000000000000000000001',
    );
  });

  it('saves rule settings and shows the field a refused threshold names', async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    const calls = installFakeFetch(({ path, method }) => {
      if (path === '/internal/token/session') return { body: validSession };
      if (path === '/wallets/connected') return { body: { wallets: [] } };
      if (path === '/alerts/settings' && method === 'GET') return { body: settings };
      if (path === '/alerts/settings' && method === 'PUT') {
        return errorReply(400, 'VALIDATION_FAILED', 'invalid request', [
          { field: 'body.rules.1.threshold', message: 'must be between 1 and 1000' },
        ]);
      }
      return undefined;
    });
    const { user } = renderRoute('/settings/alerts');
    const threshold = await screen.findByRole('textbox', {
      name: /moved by at least.*threshold \(every wallet\)/,
    });
    await user.clear(threshold);
    await user.type(threshold, '5000');
    await user.click(screen.getByRole('button', { name: 'save alert settings' }));
    expect(await screen.findByText('must be between 1 and 1000')).toBeInTheDocument();
    const [put] = callsTo(calls, 'PUT', '/alerts/settings');
    expect((put!.body as typeof settings).rules[1]!.threshold).toBe(5000);
  });
});
