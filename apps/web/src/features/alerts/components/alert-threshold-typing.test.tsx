import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { callsTo, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';

// Issue 30, finding 5: "12,5" typed as a threshold was saved as 125 with "alert settings saved". A decimal
// comma is read as one; what cannot be read is refused before saving, naming the field.

const settings = {
  email_enabled: true,
  rules: [
    { rule: 'value_moved', wallet_address: null, is_enabled: true, email_enabled: true, threshold: 20 },
  ],
};

function openAlertSettings() {
  window.sessionStorage.setItem(sessionTokenKey, 'token-1');
  const calls = installFakeFetch(({ path, method, body }) => {
    if (path === '/internal/token/session') return { body: validSession };
    if (path === '/wallets/connected') return { body: { wallets: [] } };
    if (path === '/alerts/settings' && method === 'GET') return { body: settings };
    if (path === '/alerts/settings' && method === 'PUT') return { body };
    return undefined;
  });
  return { calls, ...renderRoute('/settings/alerts') };
}

const thresholdField = () => screen.findByLabelText(/moved by at least.*threshold \(every wallet\)/);

describe('alert threshold typed with a decimal comma', () => {
  it('saves "12,5" as 12.5', async () => {
    const { calls, user } = openAlertSettings();
    const field = await thresholdField();
    await user.clear(field);
    await user.type(field, '12,5');
    await user.click(screen.getByRole('button', { name: 'save alert settings' }));
    expect(await screen.findByText('alert settings saved')).toBeInTheDocument();
    const [put] = callsTo(calls, 'PUT', '/alerts/settings');
    expect((put!.body as typeof settings).rules[0]!.threshold).toBe(12.5);
  });

  it('refuses "12,500" before saving, naming the field, and sends nothing', async () => {
    const { calls, user } = openAlertSettings();
    const field = await thresholdField();
    await user.clear(field);
    await user.type(field, '12,500');
    await user.click(screen.getByRole('button', { name: 'save alert settings' }));
    expect(
      await screen.findByText(
        /threshold of "the position's USD value moved.*" \(every wallet\): write 12.5 or 12500/,
      ),
    ).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(/write 12.5 or 12500/);
    expect(screen.queryByText('alert settings saved')).not.toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/alerts/settings')).toEqual([]);
  });
});
