import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppError } from '@tidewatch/shared';
import { describe, expect, it, vi } from 'vitest';
import { InlineError } from './inline-error.tsx';

describe('InlineError', () => {
  it.each([
    ['a 404', new AppError('NOT_FOUND', 'farm not found')],
    ['a 400', new AppError('VALIDATION_FAILED', 'invalid request: body.address: invalid address')],
    ['a 403', new AppError('FORBIDDEN', 'that address is not one of your wallets')],
  ])('shows just the message for %s: retrying would repeat the refusal', (_, error) => {
    render(<InlineError error={error} onRetry={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent(error.message);
    expect(screen.queryByRole('button', { name: 'retry' })).not.toBeInTheDocument();
  });

  it.each([
    ['a 503', new AppError('NETWORK', 'the server could not be reached')],
    ['a 502', new AppError('CHAIN_UNAVAILABLE', 'the chain did not answer')],
    ['a 429', new AppError('RATE_LIMITED', 'too many requests, try again in 1 minute')],
    ['a 408', new AppError('TIMEOUT', 'the server took too long to answer')],
    ['an unexpected error', new Error('boom')],
  ])('offers retry for %s, and retry calls back', async (_, error) => {
    const onRetry = vi.fn();
    render(<InlineError error={error} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent(error.message);
    await userEvent.setup().click(screen.getByRole('button', { name: 'retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers retry for any error when the caller says trying again helps (a panel that crashed rendering)', async () => {
    const onRetry = vi.fn();
    render(<InlineError error={new AppError('NOT_FOUND', 'farm not found')} onRetry={onRetry} canRetry />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
