import { screen, waitFor } from '@testing-library/react';
import { freeTextMaxLength } from '@tidewatch/shared/auth-texts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSchemaLoads, schemaLoads } from '../../../test/failing-schema-loads.ts';
import { callsTo, errorReply, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';

// The form's schema loads when it is first sent; a test can make that load fail as it would offline.
vi.mock('../../../lib/start-up-schemas.ts', async (importOriginal) =>
  (await import('../../../test/failing-schema-loads.ts')).withFailingLoads(await importOriginal()),
);

afterEach(resetSchemaLoads);

const emailMessage =
  'Please fill out your email address so that we can let you know when we are ready for onboarding!';

async function openLanding() {
  const view = renderRoute('/');
  await screen.findByRole('heading', { name: 'sign up now for the waitlist' });
  return view;
}

describe('waitlist form', () => {
  it('shows the landing copy beside the form', async () => {
    installFakeFetch();
    await openLanding();
    expect(screen.getByRole('heading', { name: 'navigate the storms of crypto' })).toBeInTheDocument();
    for (const text of [
      'buy crypto, not hype',
      'tokenomics over ponzinomics',
      'keep control of your tokens',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
  });

  it.each([
    ['empty', ''],
    ['invalid', 'not-an-email'],
  ])('an %s email shows the message and makes no call', async (_label, email) => {
    const calls = installFakeFetch();
    const { user } = await openLanding();
    if (email) await user.type(screen.getByLabelText('email'), email);
    await user.click(screen.getByRole('button', { name: 'sign up' }));
    expect(await screen.findByText(emailMessage)).toBeInTheDocument();
    expect(screen.getByLabelText('email')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(calls, 'POST', '/internal/waitlist')).toHaveLength(0);
  });

  it('a valid submit sends the three fields, shows success and clears the form', async () => {
    const calls = installFakeFetch((request) =>
      request.path === '/internal/waitlist' ? { status: 200, body: { ok: true } } : undefined,
    );
    const { user } = await openLanding();
    await user.type(screen.getByLabelText('email'), 'ada@example.com');
    await user.type(screen.getByLabelText('what cryptocurrencies do you currently have?'), 'MATIC, QUICK');
    await user.type(
      screen.getByLabelText("what's your biggest concern about investing in crypto?"),
      'rug pulls',
    );
    await user.click(screen.getByRole('button', { name: 'sign up' }));

    expect(await screen.findByText(/you're on the waitlist/)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/internal/waitlist').map((call) => call.body)).toEqual([
      { email: 'ada@example.com', tokens: 'MATIC, QUICK', concern: 'rug pulls' },
    ]);
    expect(screen.getByLabelText('email')).toHaveValue('');
    expect(screen.getByLabelText('what cryptocurrencies do you currently have?')).toHaveValue('');
    expect(screen.getByLabelText("what's your biggest concern about investing in crypto?")).toHaveValue('');
  });

  it('says under the free-text field which one is too long, and makes no call', async () => {
    const calls = installFakeFetch();
    const { user } = await openLanding();
    await user.type(screen.getByLabelText('email'), 'ada@example.com');
    const concern = screen.getByLabelText("what's your biggest concern about investing in crypto?");
    await user.click(concern);
    await user.paste('x'.repeat(freeTextMaxLength + 1));
    await user.click(screen.getByRole('button', { name: 'sign up' }));

    expect(await screen.findByText(`at most ${freeTextMaxLength} characters`)).toBeInTheDocument();
    expect(concern).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('what cryptocurrencies do you currently have?')).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(callsTo(calls, 'POST', '/internal/waitlist')).toHaveLength(0);
  });

  it('an invalid submit after a success hides the success message', async () => {
    installFakeFetch((request) =>
      request.path === '/internal/waitlist' ? { status: 200, body: { ok: true } } : undefined,
    );
    const { user } = await openLanding();
    await user.type(screen.getByLabelText('email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'sign up' }));
    await screen.findByText(/you're on the waitlist/);
    await user.click(screen.getByRole('button', { name: 'sign up' }));
    expect(await screen.findByText(emailMessage)).toBeInTheDocument();
    expect(screen.queryByText(/you're on the waitlist/)).not.toBeInTheDocument();
  });

  it('says the server is out of reach when the form cannot be checked, keeps the input, makes no call', async () => {
    const calls = installFakeFetch((request) =>
      request.path === '/internal/waitlist' ? { status: 200, body: { ok: true } } : undefined,
    );
    const { user } = await openLanding();
    await user.type(screen.getByLabelText('email'), 'ada@example.com');
    schemaLoads.isFailing = true;
    await user.click(screen.getByRole('button', { name: 'sign up' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'could not reach the server, check your connection',
      ),
    );
    expect(screen.getByLabelText('email')).toHaveValue('ada@example.com');
    expect(callsTo(calls, 'POST', '/internal/waitlist')).toHaveLength(0);

    schemaLoads.isFailing = false;
    await user.click(screen.getByRole('button', { name: 'sign up' }));
    expect(await screen.findByText(/you're on the waitlist/)).toBeInTheDocument();
    expect(screen.queryByText('could not reach the server, check your connection')).not.toBeInTheDocument();
  });

  it('shows a server failure in a red alert and keeps the input', async () => {
    installFakeFetch((request) =>
      request.path === '/internal/waitlist'
        ? errorReply(429, 'RATE_LIMITED', 'too many attempts')
        : undefined,
    );
    const { user } = await openLanding();
    await user.type(screen.getByLabelText('email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'sign up' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('too many attempts'));
    expect(screen.getByLabelText('email')).toHaveValue('ada@example.com');
  });
});
