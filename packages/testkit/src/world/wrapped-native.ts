import { testErc20, testWNative } from '@tidewatch/contracts';
import type { Anvil } from '../anvil.ts';
import { TxSender } from './tx-sender.ts';
import type { World } from './types.ts';

/** Native coin the wrapped token holds beyond its supply: tokens minted later can be unwrapped too. */
const NATIVE_RESERVE = 10n ** 27n;

/**
 * QuickSwap's WMATIC wraps POL (deposit, withdraw): the world's test WMATIC gets TestWNative's runtime code
 * (TestERC20's storage layout, plus deposit and withdraw) with its balances kept, and native coin to pay out, so
 * the position manager's and FarmingCenter's `unwrapWNativeToken` work on the local chain as on Polygon.
 */
export async function makeWrappedNativeUnwrap(anvil: Anvil, world: World): Promise<void> {
  const wmatic = world.tokens.WMATIC;
  const tx = new TxSender(anvil);
  const model = await tx.deploy(
    world.accounts.deployer.address,
    testWNative,
    [wmatic.name, wmatic.symbol, wmatic.decimals],
    'wrapped native model',
  );
  await tx.assertAllSucceeded();
  const code = await anvil.client.getCode({ address: model });
  await anvil.client.setCode({ address: wmatic.address, bytecode: code! });
  const supply = await anvil.client.readContract({
    address: wmatic.address,
    abi: testErc20.abi,
    functionName: 'totalSupply',
  });
  await anvil.client.setBalance({ address: wmatic.address, value: supply + NATIVE_RESERVE });
}
