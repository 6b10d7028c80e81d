import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { farmedPosition, position } from '../testing/fixtures.ts';
import { PositionFigures } from './position-figures.tsx';

// Issue 43, finding 3: a farmed position whose incentive was not found showed no rewards line at all.
describe('the farming rewards of a position', () => {
  /** The text of the figure labelled `label`, or null when there is none. */
  const figure = (label: string) => {
    const term = screen.queryByText(label, { selector: 'dt' });
    return term?.nextElementSibling?.textContent ?? null;
  };

  it('read unknown for a farmed position whose incentive could not be read', () => {
    render(<PositionFigures position={farmedPosition({ farming: null, rewards_usd: null })} />);
    expect(figure('farming rewards')).toBe('unknown: its incentive could not be read');
    expect(figure('rewards value')).toBeNull();
  });

  it('are not shown for a position that is not farmed', () => {
    render(<PositionFigures position={position()} />);
    expect(figure('farming rewards')).toBeNull();
  });

  it('list pending and unclaimed amounts for a farmed position with its incentive', () => {
    render(<PositionFigures position={farmedPosition()} />);
    expect(figure('farming rewards')).toMatch(/pending/);
    expect(figure('rewards value')).not.toBeNull();
  });
});
