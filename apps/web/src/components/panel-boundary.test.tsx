import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectConsoleError } from '../test/console-errors.ts';
import { PanelBoundary } from './panel-boundary.tsx';

let shouldThrow = true;

function Fragile() {
  if (shouldThrow) throw new TypeError('n.data.filter is not a function');
  return <p>the chooser's wallets</p>;
}

function Neighbour() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      clicked {count}
    </button>
  );
}

describe('PanelBoundary', () => {
  it("keeps a render error in its panel, with the panel's message and 'retry'; the page keeps working", async () => {
    shouldThrow = true;
    const user = userEvent.setup();
    render(
      <main>
        <PanelBoundary name="track chooser">
          <Fragile />
        </PanelBoundary>
        <Neighbour />
      </main>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('the track chooser could not be shown');
    expect(alert).toHaveTextContent('n.data.filter is not a function');
    expectConsoleError(/^panel 'track chooser' crashed: TypeError: n.data.filter is not a function/);
    // React reports an error its boundary caught as well.
    expectConsoleError(/The above error occurred in the <Fragile> component/);

    await user.click(screen.getByRole('button', { name: 'clicked 0' }));
    expect(screen.getByRole('button', { name: 'clicked 1' })).toBeInTheDocument();

    shouldThrow = false;
    await user.click(screen.getByRole('button', { name: 'retry' }));
    expect(screen.getByText("the chooser's wallets")).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
