import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSchemaLoads, schemaLoads } from '../../../test/failing-schema-loads.ts';
import { callsTo, errorReply, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';

// The form's check loads when it is first sent; a test can make that load fail as it would offline.
vi.mock('../../../lib/start-up-schemas.ts', async (importOriginal) =>
  (await import('../../../test/failing-schema-loads.ts')).withFailingLoads(await importOriginal()),
);

afterEach(resetSchemaLoads);

async function openLogin(url = '/login') {
  const view = renderRoute(url);
  await screen.findByRole('heading', { name: 'log in' });
  return view;
}

/** A login screen whose server accepts the credentials, with those typed in. */
async function typeGoodCredentials() {
  const calls = installFakeFetch((request) => {
    if (request.path === '/internal/auth') return { body: { token: 'jwt-1' } };
    if (request.path === '/internal/token/session') return { body: validSession };
    return undefined;
  });
  const view = await openLogin();
  await view.user.type(screen.getByLabelText('email'), 'ada@example.com');
  await view.user.type(screen.getByLabelText('password'), 'correct horse');
  return { ...view, calls };
}

describe('login screen', () => {
  it('lists both validation messages one per line and rings both fields red, without a call', async () => {
    const calls = installFakeFetch();
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'log in' }));

    const banner = await screen.findByRole('alert');
    expect(
      within(banner)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['please enter a valid email address', 'please enter your password']);
    for (const field of [screen.getByLabelText('email'), screen.getByLabelText('password')]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveClass('ring-red-500');
    }
    expect(callsTo(calls, 'POST', '/internal/auth')).toHaveLength(0);
  });

  it('marks only the field that is wrong', async () => {
    installFakeFetch();
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('please enter your password');
    expect(screen.getByRole('alert')).not.toHaveTextContent('please enter a valid email address');
    expect(screen.getByLabelText('email')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('email')).not.toHaveClass('ring-red-500');
    expect(screen.getByLabelText('password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says the server is out of reach when its check cannot be loaded, keeps the input, makes no call', async () => {
    const { calls, user, router } = await typeGoodCredentials();
    schemaLoads.isFailing = true;
    await user.click(screen.getByRole('button', { name: 'log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'could not reach the server, check your connection',
    );
    expect(screen.getByLabelText('email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('password')).toHaveValue('correct horse');
    expect(callsTo(calls, 'POST', '/internal/auth')).toHaveLength(0);

    schemaLoads.isFailing = false;
    await user.click(screen.getByRole('button', { name: 'log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(callsTo(calls, 'POST', '/internal/auth')).toHaveLength(1);
  });

  it('stores the token and lands on /dashboard after a successful login', async () => {
    const { calls, user, router } = await typeGoodCredentials();
    await user.click(screen.getByRole('button', { name: 'log in' }));

    expect(await screen.findByRole('heading', { name: 'dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(window.sessionStorage.getItem('jwtToken')).toBe('jwt-1');
    expect(callsTo(calls, 'POST', '/internal/auth')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
    // The guard checked the new session with the stored token as a bearer credential.
    expect(callsTo(calls, 'GET', '/internal/token/session')[0]?.headers.authorization).toBe('Bearer jwt-1');
  });

  it("shows the server's message in a red banner on failure", async () => {
    installFakeFetch((request) =>
      request.path === '/internal/auth'
        ? errorReply(401, 'INVALID_CREDENTIALS', 'wrong email or password')
        : undefined,
    );
    const { user, router } = await openLogin();
    await user.type(screen.getByLabelText('email'), 'ada@example.com');
    await user.type(screen.getByLabelText('password'), 'nope nope');
    await user.click(screen.getByRole('button', { name: 'log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('wrong email or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(window.sessionStorage.getItem('jwtToken')).toBeNull();
  });

  it('toggles the password between hidden and shown', async () => {
    installFakeFetch();
    const { user } = await openLogin();
    const password = screen.getByLabelText('password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('links to the sign-up screen', async () => {
    installFakeFetch();
    const { user } = await openLogin();
    await user.click(screen.getByRole('link', { name: 'create an account' }));
    expect(await screen.findByRole('heading', { name: 'create an account' })).toBeInTheDocument();
  });
});
