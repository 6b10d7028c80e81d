import { AppError, type SentTransactionKind } from '@tidewatch/shared';
import {
  type Address,
  decodeFunctionData,
  erc20Abi,
  type Hex,
  isAddressEqual,
  toFunctionSelector,
} from 'viem';
import type { RecoveryContext } from './context.ts';

type V3ActionKind = Extract<
  SentTransactionKind,
  'v3_collect' | 'v3_claim_rewards' | 'v3_leave_farming' | 'v3_close' | 'merkl_claim'
>;

import { findIndexFarm, isIndexPair } from './repository.ts';

/** The functions each step kind may call (the router's with or without a permit). */
const functionsOf: Record<SentTransactionKind, string[]> = {
  exit: ['exit()'],
  withdraw: ['withdraw(uint256)'],
  claim: ['getReward()'],
  approve: ['approve(address,uint256)'],
  remove_liquidity: [
    'removeLiquidity(address,address,uint256,uint256,uint256,address,uint256)',
    'removeLiquidityWithPermit(address,address,uint256,uint256,uint256,address,uint256,bool,uint8,bytes32,bytes32)',
  ],
  leave_lair: ['leave(uint256)'],
  convert_quick: ['quickToQuickX(uint256)'],
  unstake_vault: ['withdrawAndHarvest(uint256,uint256,address)'],
  withdraw_vault: [
    'withdraw(uint256,address,address,uint256[4])',
    'withdraw(uint256,uint256,uint256,address)',
    'withdraw(uint256,address)',
    'burn(uint256,uint256,uint256)',
  ],
  // QuickSwap V3 position actions (issue 46, shared v3-action-calls.ts): one call, or the contract's multicall.
  v3_collect: ['collect((uint256,address,uint128,uint128))', 'multicall(bytes[])'],
  v3_claim_rewards: [
    'multicall(bytes[])',
    'claimReward(address,address,uint256,uint256)',
    'collectRewards((address,address,address,uint256,uint256),uint256)',
  ],
  v3_leave_farming: ['multicall(bytes[])', 'withdrawToken(uint256,address,bytes)'],
  v3_close: ['multicall(bytes[])'],
  merkl_claim: ['claim(address[],address[],uint256[],bytes32[][])'],
};

/** Where each V3 action is sent: the configured position manager, FarmingCenter or Merkl distributor. */
function v3ActionTargets(ctx: RecoveryContext, kind: V3ActionKind): Address[] {
  const v3 = ctx.v3Actions;
  if (!v3) return [];
  switch (kind) {
    case 'v3_collect':
      return [v3.positionManager, v3.farmingCenter];
    case 'v3_claim_rewards':
    case 'v3_leave_farming':
      return [v3.farmingCenter];
    case 'v3_close':
      return [v3.positionManager];
    case 'merkl_claim':
      return [v3.merklDistributor];
  }
}

const v3ActionKinds: readonly SentTransactionKind[] = [
  'v3_collect',
  'v3_claim_rewards',
  'v3_leave_farming',
  'v3_close',
  'merkl_claim',
];
const isV3Action = (kind: SentTransactionKind): kind is V3ActionKind => v3ActionKinds.includes(kind);

/** A refusal naming `tx_hash` (400), as a bad field is named everywhere. */
export function badTransaction(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { details: [{ field: 'body.tx_hash', message }] });
}

/**
 * Checks a step's transaction went to a contract Tidewatch verified for that kind of step, calling that
 * step's function: an index farm or a listed syrup pool (exit, withdraw, claim), the router (remove liquidity), the old or
 * new lair (leave), the converter (convert), a listed vault's MasterChef or MiniChefV2 (unstake), staking pool
 * (exit) or the vault itself (withdraw), or an approve of an index farm's pair for the router or of old QUICK
 * for the converter. Answers the farm it called, if any; throws VALIDATION_FAILED naming tx_hash otherwise.
 */
export async function verifyTarget(
  ctx: RecoveryContext,
  kind: SentTransactionKind,
  to: Address,
  input: Hex,
): Promise<{ farmAddress: Address | null }> {
  const { contracts } = ctx;
  const selector = input.slice(0, 10).toLowerCase();
  if (!functionsOf[kind].some((signature) => toFunctionSelector(signature) === selector)) {
    throw badTransaction(
      `the transaction does not call ${functionsOf[kind].join(' or ')}, the function of a ${kind} step`,
    );
  }
  if (isV3Action(kind)) {
    const targets = v3ActionTargets(ctx, kind);
    if (!targets.some((target) => isAddressEqual(target, to))) {
      throw badTransaction(
        `the transaction went to ${to}, not to ${targets.join(' or ') || 'a QuickSwap V3 contract this server reads'}`,
      );
    }
    return { farmAddress: null };
  }
  switch (kind) {
    case 'exit':
    case 'withdraw':
    case 'claim': {
      // A syrup pool QuickSwap listed is the same code as a farm: its stake and rewards come back the same way.
      if (ctx.syrups.some((pool) => isAddressEqual(pool, to))) return { farmAddress: null };
      // So is a Steer vault's staking pool.
      if (kind === 'exit' && (await findListedVault(ctx, (v) => isStakingAt(v, to, 'staking-rewards')))) {
        return { farmAddress: null };
      }
      const farm = await findIndexFarm(ctx.db, ctx.chainId, to);
      if (!farm) {
        throw badTransaction(
          `the transaction went to ${to}, which is neither a farm of the index nor a syrup pool`,
        );
      }
      return { farmAddress: to };
    }
    case 'approve': {
      const spender = approvedSpender(input);
      const isPairForRouter =
        isAddressEqual(spender, contracts.router) && (await isIndexPair(ctx.db, ctx.chainId, to));
      const isQuickForConverter =
        isAddressEqual(spender, contracts.converter) && isAddressEqual(to, contracts.oldQuick);
      if (!isPairForRouter && !isQuickForConverter) {
        throw badTransaction(
          `the transaction approves ${spender} on ${to}: a recovery step approves an index farm's pair for the router or old QUICK for the converter`,
        );
      }
      return { farmAddress: null };
    }
    case 'unstake_vault': {
      if (!(await findListedVault(ctx, (v) => isStakingAt(v, to, 'masterchef', 'minichef')))) {
        throw badTransaction(`the transaction went to ${to}, which is not the MasterChef of a listed vault`);
      }
      return { farmAddress: null };
    }
    case 'withdraw_vault': {
      const vault = await findListedVault(ctx, (v) => isAddressEqual(v.address, to));
      if (!vault) throw badTransaction(`the transaction went to ${to}, which is not a listed vault`);
      return { farmAddress: null };
    }
    case 'leave_lair': {
      // The old lair (old dQUICK the plan gets back) or the new one (dQUICK the person chose to take out).
      const lairs = [contracts.lair, ...(ctx.vaults ? [ctx.vaults.newLair] : [])];
      if (!lairs.some((lair) => isAddressEqual(lair, to))) {
        throw badTransaction(`the transaction went to ${to}, not to a Dragon's Lair (${lairs.join(' or ')})`);
      }
      return { farmAddress: null };
    }
    default: {
      const expected = {
        remove_liquidity: contracts.router,
        convert_quick: contracts.converter,
      }[kind];
      if (!isAddressEqual(to, expected))
        throw badTransaction(`the transaction went to ${to}, not to ${expected}`);
      return { farmAddress: null };
    }
  }
}

type ListedVault = Awaited<ReturnType<NonNullable<RecoveryContext['vaults']>['listed']>>[number];

/** A vault the vaults tool reads (QuickSwap's lists, Steer's API) that `matches`; none without the tool. */
async function findListedVault(
  ctx: RecoveryContext,
  matches: (vault: ListedVault) => boolean,
): Promise<ListedVault | undefined> {
  return ctx.vaults ? (await ctx.vaults.listed()).find(matches) : undefined;
}

const isStakingAt = (vault: ListedVault, to: Address, ...kinds: string[]) =>
  vault.staking !== null && kinds.includes(vault.staking.kind) && isAddressEqual(vault.staking.address, to);

/** The spender an approve's calldata names; calldata that does not decode (cut short) is refused naming tx_hash. */
function approvedSpender(input: Hex): Address {
  try {
    const [spender] = decodeFunctionData({ abi: erc20Abi, data: input }).args as [Address, bigint];
    return spender;
  } catch {
    throw badTransaction("the transaction's approve calldata does not decode: it is no recovery step");
  }
}
