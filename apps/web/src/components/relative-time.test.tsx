import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { relativeTimeRefreshMs } from '../lib/use-now.ts';
import { RelativeTime } from './relative-time.tsx';

describe('RelativeTime', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads 'just now' for a snapshot taken this instant and under a minute ago", () => {
    render(
      <>
        <RelativeTime time="2026-03-01T12:00:00Z" />
        <RelativeTime time="2026-03-01T11:59:05Z" />
      </>,
    );
    expect(screen.getAllByText('just now')).toHaveLength(2);
    expect(screen.queryByText(/seconds ago/)).not.toBeInTheDocument();
  });

  it('moves on while the page stays open', () => {
    render(<RelativeTime time="2026-03-01T12:00:00Z" />);
    expect(screen.getByText('just now')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(relativeTimeRefreshMs * 2));
    expect(screen.getByText('1 minute ago')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(2 * 60_000));
    expect(screen.getByText('3 minutes ago')).toBeInTheDocument();
  });

  it('keeps the exact moment in its datetime attribute', () => {
    render(<RelativeTime time="2026-03-01T11:57:00Z" />);
    expect(screen.getByText('3 minutes ago')).toHaveAttribute('datetime', '2026-03-01T11:57:00.000Z');
  });

  it('shows an unparseable time as unknown', () => {
    render(<RelativeTime time="not a date" />);
    expect(screen.getByText('unknown')).not.toHaveAttribute('datetime');
  });
});
