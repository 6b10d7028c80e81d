import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, errorReply, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';

const banner =
  "We've just sent you an email, click the link in the email to confirm your email address and continue setting up your account";

describe('sign-up screen', () => {
  it('creates the account and shows the confirm-by-email banner', async () => {
    const calls = installFakeFetch((request) =>
      request.path === '/internal/signup' ? { status: 201, body: { message: banner } } : undefined,
    );
    const { user } = renderRoute('/signup');
    await user.type(await screen.findByLabelText('email'), 'ada@example.com');
    await user.type(screen.getByLabelText('password'), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'create account' }));

    expect(await screen.findByText(banner)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/internal/signup')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'a long passphrase',
    });
  });

  it("shows the server's field errors beside their fields", async () => {
    installFakeFetch((request) =>
      request.path === '/internal/signup'
        ? errorReply(400, 'VALIDATION_FAILED', 'the request is invalid', [
            { field: 'body.password', message: 'this password is too common, please choose another' },
          ])
        : undefined,
    );
    const { user } = renderRoute('/signup');
    await user.type(await screen.findByLabelText('email'), 'ada@example.com');
    await user.type(screen.getByLabelText('password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'create account' }));

    expect(await screen.findByText('this password is too common, please choose another')).toBeInTheDocument();
    expect(screen.getByLabelText('password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('email')).not.toHaveAttribute('aria-invalid');
  });

  it('checks the password length before calling', async () => {
    const calls = installFakeFetch();
    const { user } = renderRoute('/signup');
    await user.type(await screen.findByLabelText('email'), 'ada@example.com');
    await user.type(screen.getByLabelText('password'), 'short');
    await user.click(screen.getByRole('button', { name: 'create account' }));

    expect(await screen.findByText('the password must have at least 8 characters')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/internal/signup')).toHaveLength(0);
  });
});

describe('e-mail confirmation link', () => {
  it("confirms with the link's token once and shows the server's message", async () => {
    const calls = installFakeFetch((request) =>
      request.path === '/internal/confirm-email'
        ? { body: { message: 'your email address is confirmed' } }
        : undefined,
    );
    renderRoute('/signup/confirm?token=tok-123');
    expect(await screen.findByText('your email address is confirmed')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/internal/confirm-email').map((call) => call.body)).toEqual([
      { token: 'tok-123' },
    ]);
    expect(screen.getByRole('link', { name: 'continue to log in' })).toHaveAttribute('href', '/login');
  });

  it('shows a used or expired link as an error', async () => {
    installFakeFetch((request) =>
      request.path === '/internal/confirm-email'
        ? errorReply(410, 'LINK_INVALID', 'this confirmation link has expired or was already used')
        : undefined,
    );
    renderRoute('/signup/confirm?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'this confirmation link has expired or was already used',
    );
  });
});
