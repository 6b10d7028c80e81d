import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, errorReply, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';

const banner =
  "We've just sent you an email, click the link in the email to confirm your email address and continue setting up your account";

async function submit(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(await screen.findByLabelText('email'), 'ada@example.com');
  await user.type(screen.getByLabelText('password'), 'a long passphrase');
  await user.click(screen.getByRole('button', { name: 'log in' }));
}

describe('exchange-connected login (/integrations/callback)', () => {
  it('sends the code with the credentials, stores the token and shows the confirm banner', async () => {
    const calls = installFakeFetch((request) =>
      request.path === '/internal/integrations/callback'
        ? { body: { token: 'jwt-9', message: banner } }
        : undefined,
    );
    const { user } = renderRoute('/integrations/callback?code=exchange-code');
    expect(screen.getByRole('heading', { name: 'Integrations' })).toBeInTheDocument();
    expect(screen.getByText('nothing')).toBeInTheDocument();
    await submit(user);

    expect(await screen.findByText(banner)).toBeInTheDocument();
    expect(window.sessionStorage.getItem('jwtToken')).toBe('jwt-9');
    expect(callsTo(calls, 'POST', '/internal/integrations/callback')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'a long passphrase',
      code: 'exchange-code',
    });
  });

  it('lists each value of the error, one per line', async () => {
    installFakeFetch((request) =>
      request.path === '/internal/integrations/callback'
        ? errorReply(400, 'VALIDATION_FAILED', 'the request is invalid', [
            { field: 'body.code', message: 'the exchange code is missing' },
            { field: 'body.email', message: 'please enter a valid email address' },
          ])
        : undefined,
    );
    const { user } = renderRoute('/integrations/callback?code=x');
    await submit(user);
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'the request is invalid',
      'the exchange code is missing',
      'please enter a valid email address',
    ]);
  });
});
