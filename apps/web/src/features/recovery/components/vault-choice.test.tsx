import { render, screen } from '@testing-library/react';
import { recoveryPlanSchema } from '@tidewatch/shared/recovery';
import { describe, expect, it } from 'vitest';
import { recoveryPlan } from '../testing/plan-fixtures.ts';
import { VaultChoice } from './vault-choice.tsx';

const usd = (amount: string, value: number) => ({
  address: '0x1EB20de00B0Ed23E3f9fDA7d23Fcbf473a23f180',
  symbol: 'WMATIC',
  decimals: 18,
  raw: `${amount}000000000000000000`,
  amount,
  usd: value,
});

describe('the vault shares and dQUICK a recovery plan lists apart', () => {
  it('lists each with what taking it out pays, ticked as the person chose', () => {
    const plan = recoveryPlanSchema.parse({
      ...recoveryPlan(),
      vault_positions: [
        {
          kind: 'vault',
          contract: '0x1EB20de00B0Ed23E3f9fDA7d23Fcbf473a23f180',
          label: 'Steer WMATIC-USDC vault',
          manager: 'steer',
          staking: null,
          value: [usd('10', 5)],
          usd: 5,
          is_included: true,
        },
      ],
    });
    render(
      <VaultChoice
        plan={plan}
        ticked={new Set(['0x1eb20de00b0ed23e3f9fda7d23fcbf473a23f180'])}
        onToggle={() => {}}
      />,
    );
    expect(
      screen.getByRole('checkbox', {
        name: /^Steer WMATIC-USDC vault: 10 WMATIC \(\$5\.00\); in all \$5\.00$/,
      }),
    ).toBeChecked();
  });

  it('says the vaults are unknown, not empty, when they could not be read', () => {
    const plan = recoveryPlanSchema.parse({
      ...recoveryPlan(),
      vault_positions_unavailable:
        'the vault shares and dQUICK could not be read now: they are unknown, not empty',
    });
    render(<VaultChoice plan={plan} ticked={new Set()} onToggle={() => {}} />);
    expect(screen.getByText(/could not be read now: they are unknown, not empty/)).toBeInTheDocument();
  });
});
