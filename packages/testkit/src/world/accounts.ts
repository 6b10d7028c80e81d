import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export type TestAccount = { address: Address; privateKey: Hex };

function fromKey(privateKey: Hex): TestAccount {
  return { address: privateKeyToAccount(privateKey).address, privateKey };
}

/**
 * anvil's well-known default accounts (mnemonic "test test … junk"), each funded with 10,000
 * native tokens on every fresh node. Public keys: never use them anywhere real.
 */
export const testAccounts = {
  /** Deploys the world, owns the contracts, distributes rewards, holds most liquidity. */
  deployer: fromKey('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'),
  /** Has staked positions in several farms with accrued rewards. */
  user: fromKey('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'),
  /** Funded, but holds no tokens and no positions. */
  idle: fromKey('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'),
} as const;
