import { screen, within } from '@testing-library/react';
import type { RecoveryPlan, RecoveryStep } from '@tidewatch/shared/recovery';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { fakeWalletAccount } from '../../../lib/wallet/testing/fake-wallet.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';
import { type FakeChain, installFakeChain } from '../../transactions/testing/fake-chain.ts';
import { planContracts, recoveryPlan, removeStep } from '../testing/plan-fixtures.ts';

// Issue 42: a recovery step is named by what it does, in words; its function's signature is behind 'details'.

const wallet = fakeWalletAccount.address;
let chain: FakeChain | undefined;
afterEach(() => {
  chain?.uninstall();
  chain = undefined;
});

const oldQuick = {
  address: planContracts.oldQuick,
  symbol: 'QUICK (old)',
  decimals: 18,
  raw: '3000000000000000000',
  amount: '3',
  usd: null,
};
const later = { gas: null, usd: null, is_ready: false, note: null, vault: null } as const;

/** Every kind of step a plan holds: a farm's exit and claim, the removal, the lair, approve and convert. */
function planOfEveryKind(): RecoveryPlan {
  const plan = recoveryPlan();
  const [exit] = plan.steps as [RecoveryStep];
  const steps: RecoveryStep[] = [
    exit,
    { ...exit, id: `claim:${planContracts.farm}`, kind: 'claim', function: 'getReward()', ...later },
    removeStep,
    {
      ...later,
      id: `leave_lair:${planContracts.lair}`,
      kind: 'leave_lair',
      contract: planContracts.lair,
      contract_label: "Dragon's Lair (old dQUICK)",
      function: 'leave(uint256)',
      spends: { ...oldQuick, address: planContracts.lair, symbol: 'dQUICK (old)' },
      spender: null,
      receives: [oldQuick],
    },
    {
      ...later,
      id: `approve:${planContracts.oldQuick}:${planContracts.converter}`,
      kind: 'approve',
      contract: planContracts.oldQuick,
      contract_label: 'QUICK (old) token',
      function: 'approve(address,uint256)',
      spends: oldQuick,
      spender: planContracts.converter,
      receives: [],
    },
    {
      ...later,
      id: `convert_quick:${planContracts.converter}`,
      kind: 'convert_quick',
      contract: planContracts.converter,
      contract_label: 'QuickSwap QUICK converter',
      function: 'quickToQuickX(uint256)',
      spends: oldQuick,
      spender: null,
      receives: [{ ...oldQuick, address: planContracts.newQuick, symbol: 'QUICK', amount: '3000' }],
    },
  ];
  return { ...plan, steps };
}

function openPlan(plan: RecoveryPlan) {
  window.sessionStorage.setItem(sessionTokenKey, 'token-1');
  installFakeFetch(({ path }) => {
    if (path === '/internal/token/session') return { body: validSession };
    if (path.startsWith('/recovery/plan?')) return { body: plan };
    return undefined;
  });
  return renderRoute(`/wallets/${wallet}/recovery`);
}

describe("the recovery plan's steps, named in words", () => {
  it('names each step by what it does, not by its function', async () => {
    chain = installFakeChain();
    openPlan(planOfEveryKind());
    const list = await screen.findByRole('list', { name: 'steps' });
    const names = within(list)
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('aria-label'));
    expect(names).toEqual([
      'step 1: Withdraw your stake and claim rewards from the WETH-USDC farm',
      'step 2: Claim your rewards from the WETH-USDC farm',
      'step 3: Remove liquidity of WETH-USDC',
      "step 4: Leave the Dragon's Lair (old dQUICK to old QUICK)",
      'step 5: Allow the QUICK converter to spend your QUICK (old)',
      'step 6: Convert old QUICK to new QUICK',
    ]);
    expect(within(list).getByText('3. Remove liquidity of WETH-USDC')).toBeVisible();
  });

  it("keeps the contract and the function's signature behind 'details'", async () => {
    chain = installFakeChain();
    const { user } = openPlan(planOfEveryKind());
    const list = await screen.findByRole('list', { name: 'steps' });
    const remove = within(list).getAllByRole('listitem')[2]!;
    const signature = within(remove).getByText(removeStep.function);
    // Folded: the 100-character signature is not what a person reads first.
    expect(signature).not.toBeVisible();
    await user.click(within(remove).getByText('details'));
    expect(signature).toBeVisible();
    expect(signature.parentElement).toHaveTextContent(`QuickSwap V2 router: ${removeStep.function}`);
  });
});
