import type { LairStake, VaultShare } from '@tidewatch/shared';
import { type Address, getAddress, parseUnits } from 'viem';
import type { Flow, PlanToken, SyrupState } from './chain-state.ts';
import type { LairExit, SyrupExit, VaultExit } from './vault-steps.ts';

type WireAmount = { token: { address: string; symbol: string; decimals: number }; amount: string };

/** A wire amount back as the chain's integer: its decimal string is exact in the token's decimals. */
const toFlow = (amount: WireAmount): Flow => ({
  token: {
    address: getAddress(amount.token.address),
    symbol: amount.token.symbol,
    decimals: amount.token.decimals,
  },
  raw: parseUnits(amount.amount, amount.token.decimals),
});

const managerNames: Record<VaultShare['manager'], string> = {
  gamma: 'Gamma',
  steer: 'Steer',
  ichi: 'ICHI',
  defiedge: 'DefiEdge',
};

/** A vault share as the vaults tool read it, as the plan takes it out. */
export function toVaultExit(share: VaultShare): VaultExit {
  const [a0, a1] = share.amounts;
  const label = `${managerNames[share.manager]} ${a0.token.symbol}-${a1.token.symbol} vault`;
  const shares: PlanToken = { address: getAddress(share.vault), symbol: `${label} shares`, decimals: 18 };
  return {
    vault: getAddress(share.vault),
    manager: share.manager,
    label,
    shares,
    held: parseUnits(share.shares.held, 18),
    staked: parseUnits(share.shares.staked, 18),
    staking: share.staking ? { ...share.staking, address: getAddress(share.staking.address) } : null,
    amounts: [toFlow(a0), toFlow(a1)],
    rewards: share.rewards.map(toFlow),
  };
}

/** dQUICK in the lair as the vaults tool read it (its QUICKBalance is what leaving pays). */
export function toLairExit(stake: LairStake): LairExit {
  return { lair: getAddress(stake.lair), dquick: toFlow(stake.dquick), quick: toFlow(stake.quick) };
}

/** A stake in a syrup pool still paying, as the plan's find stage read it. */
export function toSyrupExit(stake: SyrupState): SyrupExit {
  const staked = { token: stake.stakeToken, raw: stake.staked };
  const earned = { token: stake.rewards[0], raw: stake.earned[0] };
  const label = `syrup pool ${staked.token.symbol} -> ${earned.token.symbol}`;
  return { pool: stake.address, label, staked, earned };
}

/** Every token a vault or lair exit moves: priced by the plan's one read with the rest. */
export const exitTokens = (vaults: VaultExit[], lairs: LairExit[]): Address[] => [
  ...vaults.flatMap((v) => [...v.amounts, ...v.rewards].map((flow) => flow.token.address)),
  ...lairs.map((l) => l.quick.token.address),
];
