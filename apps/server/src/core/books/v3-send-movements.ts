import { v3Abis } from '@tidewatch/contracts/v3-abis';
import { type Address, decodeEventLog, getAddress, type Hex, isAddressEqual, zeroAddress } from 'viem';
import type { DecodedMovement, ReceiptLog } from './send-movements.ts';

/**
 * What a V3 position action did (issue 46), read from its receipt's logs as the books read a recorded send:
 * only logs of the configured position manager, eternal farming and Merkl distributor count.
 */

/** The contracts whose logs a V3 action's rows come from (the operator's configuration). */
export type V3LogSources = { positionManager: Address; eternalFarming: Address; merklDistributor: Address };

type Decoded = { eventName: string; args: Record<string, unknown> };

function decodeWith(abi: readonly unknown[], log: ReceiptLog): Decoded | null {
  try {
    return decodeEventLog({
      abi: abi as never,
      data: log.data,
      topics: log.topics as [Hex, ...Hex[]],
    }) as unknown as Decoded;
  } catch {
    return null;
  }
}

const v3Position = (tokenId: bigint) => ({
  tool: 'v3' as const,
  farm_address: null,
  label: `QuickSwap V3 #${tokenId}`,
});

/**
 * The rows of a V3 action's logs, chain order, each its tokens to be named and valued at the block:
 * - DecreaseLiquidity: the principal taken out of the liquidity ('v3_withdraw'), owed until the Collect pays it;
 * - Collect to the wallet (or to the position manager, then unwrapped or swept to the wallet): what it paid beyond
 *   that principal is swap fees ('v3_fees', income);
 * - Transfer of the NFT to 0x0: the position burned ('v3_burn', nothing moves);
 * - eternal farming's RewardClaimed to the wallet, Merkl's Claimed for the wallet: rewards ('v3_reward', income).
 * `tokensOf` names a position's two tokens (the position manager's positions() before the send burned it).
 */
export function decodeV3SendLogs(
  send: { wallet: Address; logs: ReceiptLog[] },
  sources: V3LogSources,
  tokensOf: (tokenId: bigint) => readonly [Address, Address] | undefined,
): DecodedMovement[] {
  const { wallet } = send;
  const owed = new Map<bigint, [bigint, bigint]>();
  const rows: DecodedMovement[] = [];
  for (const log of send.logs) {
    const base = { logIndex: log.logIndex, pair: null, underlying: [] };
    if (isAddressEqual(log.address, sources.positionManager)) {
      const decoded = decodeWith(v3Abis.positionManager, log);
      if (!decoded) continue;
      const tokenId = decoded.args.tokenId as bigint;
      const tokens = tokensOf(tokenId);
      const amounts = (a0: bigint, a1: bigint) =>
        tokens ? [0, 1].map((i) => ({ address: tokens[i]!, raw: i === 0 ? a0 : a1, token: null })) : [];
      const movement = {
        ...base,
        position: v3Position(tokenId),
        counterparty: sources.positionManager,
        sent: [],
      };
      if (decoded.eventName === 'DecreaseLiquidity') {
        const a0 = decoded.args.amount0 as bigint;
        const a1 = decoded.args.amount1 as bigint;
        const [o0, o1] = owed.get(tokenId) ?? [0n, 0n];
        owed.set(tokenId, [o0 + a0, o1 + a1]);
        rows.push({ ...movement, kind: 'v3_withdraw', received: amounts(a0, a1) });
      } else if (decoded.eventName === 'Collect') {
        const [o0, o1] = owed.get(tokenId) ?? [0n, 0n];
        const a0 = decoded.args.amount0 as bigint;
        const a1 = decoded.args.amount1 as bigint;
        owed.set(tokenId, [o0 > a0 ? o0 - a0 : 0n, o1 > a1 ? o1 - a1 : 0n]);
        const [f0, f1] = [a0 > o0 ? a0 - o0 : 0n, a1 > o1 ? a1 - o1 : 0n];
        const recipient = decoded.args.recipient as Address;
        const paysWallet =
          isAddressEqual(recipient, wallet) || isAddressEqual(recipient, sources.positionManager);
        if (paysWallet && (f0 > 0n || f1 > 0n))
          rows.push({ ...movement, kind: 'v3_fees', received: amounts(f0, f1) });
      } else if (decoded.eventName === 'Transfer' && (decoded.args.to as Address) === zeroAddress) {
        rows.push({ ...movement, kind: 'v3_burn', received: [] });
      }
      continue;
    }
    const reward = (token: Address, raw: bigint, counterparty: Address, label: string): DecodedMovement => ({
      ...base,
      kind: 'v3_reward',
      position: { tool: 'v3', farm_address: null, label },
      counterparty,
      sent: [],
      received: [{ address: getAddress(token), raw, token: null }],
    });
    if (isAddressEqual(log.address, sources.eternalFarming)) {
      const decoded = decodeWith(v3Abis.eternalFarming, log);
      if (decoded?.eventName !== 'RewardClaimed' || !isAddressEqual(decoded.args.to as Address, wallet))
        continue;
      const raw = decoded.args.reward as bigint;
      if (raw > 0n)
        rows.push(reward(decoded.args.rewardAddress as Address, raw, log.address, 'QuickSwap V3 farming'));
    } else if (isAddressEqual(log.address, sources.merklDistributor)) {
      const decoded = decodeWith(v3Abis.merklDistributor, log);
      if (decoded?.eventName !== 'Claimed' || !isAddressEqual(decoded.args.user as Address, wallet)) continue;
      const raw = decoded.args.amount as bigint;
      if (raw > 0n) rows.push(reward(decoded.args.token as Address, raw, log.address, 'Merkl rewards'));
    }
  }
  return rows;
}
