import type { RecoveryStep, TokenAmount } from '@tidewatch/shared';
import {
  buildStepCall,
  DEFAULT_SLIPPAGE_BPS,
  deadlineAfter,
  minimumAmounts,
  permitTypedData,
  recoveryAbis,
  removedAmounts,
  type StepCall,
} from '@tidewatch/shared/recovery-calls';
import {
  type Anvil,
  deployQuickswapWorld,
  placeRouterAt,
  shortenFarmRewards,
  startAnvil,
  swapExactIn,
  type World,
} from '@tidewatch/testkit';
import {
  type Abi,
  type Address,
  type BaseError,
  ContractFunctionRevertedError,
  createWalletClient,
  type Hex,
  http,
  parseSignature,
  zeroAddress,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/**
 * Issue 33's acceptance on the local chain: each recovery step built by the browser's own builder
 * (buildStepCall) runs against QuickSwap's farm bytecode, Uniswap V2's Router02 and pair bytecode (the router
 * placed at QuickSwap's Polygon address) and the kit's lair and converter, sent and signed by the user's own
 * key; after each one the wallet's balances equal this test's arithmetic from chain reads at the block before.
 * Every farm has ended (the clock is past their periods), so what a farm owes no longer grows between blocks.
 */

let anvil: Anvil;
let world: World;
let snapshot: Hex;
let wallet: ReturnType<typeof createUserWallet>;

function createUserWallet() {
  const account = privateKeyToAccount(world.accounts.user.privateKey);
  return createWalletClient({ account, chain: anvil.client.chain, transport: http(anvil.rpcUrl) });
}

const user = () => world.accounts.user.address;
const LIQUIDITY_PAIR = 'MKR-USDC';

beforeAll(async () => {
  anvil = await startAnvil();
  world = await placeRouterAt(anvil, await deployQuickswapWorld(anvil));
  wallet = createUserWallet();
  // Trades since the last mint grow k, so the next burn first mints the protocol's fee (the world has feeTo set).
  await swapExactIn(anvil, world, { pair: LIQUIDITY_PAIR, tokenIn: 'USDC', amountIn: 20_000n * 10n ** 6n });
  await swapExactIn(anvil, world, { pair: LIQUIDITY_PAIR, tokenIn: 'MKR', amountIn: 5n * 10n ** 18n });
  await anvil.increaseTime(60 * 86_400);
});

afterAll(async () => {
  await anvil?.stop();
});

beforeEach(async () => {
  snapshot = await anvil.client.snapshot();
});

afterEach(async () => {
  await anvil.client.revert({ id: snapshot });
});

function read<T>(address: Address, abi: readonly unknown[], functionName: string, args: unknown[] = []) {
  return anvil.client.readContract({ address, abi: abi as Abi, functionName, args }) as Promise<T>;
}

const balanceOf = (token: Address) => read<bigint>(token, recoveryAbis.erc20, 'balanceOf', [user()]);

/** Simulates the call from the user's account, then sends it signed by the user's key; returns what it returned. */
async function send(call: StepCall): Promise<unknown> {
  const { result, request } = await anvil.client.simulateContract({
    ...call,
    abi: call.abi as Abi,
    account: wallet.account,
  } as never);
  const hash = await wallet.writeContract(request as never);
  const receipt = await anvil.client.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return result;
}

/** Runs `action` and checks the user's balance of each token moved by exactly the expected delta. */
async function expectBalanceChanges<T>(
  changes: [token: Address, delta: bigint][],
  action: () => Promise<T>,
): Promise<T> {
  const before = await Promise.all(changes.map(([token]) => balanceOf(token)));
  const result = await action();
  const after = await Promise.all(changes.map(([token]) => balanceOf(token)));
  expect(after.map((balance, i) => balance - before[i]!)).toEqual(changes.map(([, delta]) => delta));
  return result;
}

/** The reason a call's simulation reverts with, decoded from its revert data. */
async function revertReason(call: StepCall): Promise<string | undefined> {
  try {
    await anvil.client.simulateContract({ ...call, abi: call.abi as Abi, account: wallet.account } as never);
  } catch (error) {
    const reverted = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError);
    return (reverted as ContractFunctionRevertedError | null)?.reason;
  }
  throw new Error(`${call.functionName} did not revert`);
}

const tokenAmount = (address: Address, raw: bigint): TokenAmount => ({
  address,
  symbol: '',
  decimals: 18,
  raw: String(raw),
  amount: '',
  usd: null,
});

/** A step as the server's plan names it (only what the builder reads is filled). */
function planStep(
  kind: RecoveryStep['kind'],
  contract: Address,
  parts: { spends?: TokenAmount; spender?: Address; receives?: TokenAmount[] } = {},
): RecoveryStep {
  return {
    id: `${kind}:${contract}`,
    kind,
    contract,
    contract_label: '',
    function: '',
    spends: parts.spends ?? null,
    spender: parts.spender ?? null,
    receives: parts.receives ?? [],
    usd: null,
    gas: null,
    is_ready: true,
    note: null,
    vault: null,
  };
}

describe('exit', () => {
  it('returns the stake and pays old dQUICK on an LP farm', async () => {
    const farm = world.farms.quickWmaticEnded;
    const [staked, earned] = await Promise.all([
      read<bigint>(farm.address, recoveryAbis.farm, 'balanceOf', [user()]),
      read<bigint>(farm.address, recoveryAbis.farm, 'earned', [user()]),
    ]);
    expect(staked).toBeGreaterThan(0n);
    expect(earned).toBeGreaterThan(0n);
    const { DQUICK, WMATIC } = world.tokens;
    const call = buildStepCall(planStep('exit', farm.address), { account: user() });
    await expectBalanceChanges(
      [
        [farm.pair, staked],
        [DQUICK.address, earned],
        [WMATIC.address, 0n],
      ],
      () => send(call),
    );
    expect(await read<bigint>(farm.address, recoveryAbis.farm, 'balanceOf', [user()])).toBe(0n);
  });

  it('returns the stake and pays both rewards on a dual farm', async () => {
    const farm = world.farms.dualWethWmatic;
    const [staked, earnedA, earnedB] = await Promise.all(
      ['balanceOf', 'earnedA', 'earnedB'].map((name) =>
        read<bigint>(farm.address, recoveryAbis.dualFarm, name, [user()]),
      ),
    );
    expect([earnedA! > 0n, earnedB! > 0n]).toEqual([true, true]);
    const [rewardA, rewardB] = farm.rewardTokenAddresses;
    await expectBalanceChanges(
      [
        [farm.pair, staked!],
        [rewardA, earnedA!],
        [rewardB!, earnedB!],
      ],
      () => send(buildStepCall(planStep('exit', farm.address), { account: user() })),
    );
  });
});

describe('remove liquidity', () => {
  const pair = () => world.pairs[LIQUIDITY_PAIR];
  const tokenA = () => world.tokens[pair().tokenA].address;
  const tokenB = () => world.tokens[pair().tokenB].address;

  /** What burning the user's whole LP balance pays, from the pair's state at the latest block, A then B. */
  async function expectedRemoval() {
    const at = pair().address;
    const [liquidity, [reserve0, reserve1], totalSupply, kLast, feeTo] = await Promise.all([
      balanceOf(at),
      read<readonly [bigint, bigint, number]>(at, recoveryAbis.pair, 'getReserves'),
      read<bigint>(at, recoveryAbis.pair, 'totalSupply'),
      read<bigint>(at, recoveryAbis.pair, 'kLast'),
      read<Address>(world.factory, recoveryAbis.factory, 'feeTo'),
    ]);
    const paid = removedAmounts({
      liquidity,
      reserve0,
      reserve1,
      totalSupply,
      kLast,
      feeOn: feeTo !== zeroAddress,
    });
    const isAFirst = pair().token0 === tokenA();
    const amounts = (isAFirst ? [paid.amount0, paid.amount1] : [paid.amount1, paid.amount0]) as [
      bigint,
      bigint,
    ];
    return { liquidity, amounts, protocolFeeLiquidity: paid.protocolFeeLiquidity };
  }

  const removalStep = (liquidity: bigint, [amountA, amountB]: readonly [bigint, bigint]) =>
    planStep('remove_liquidity', world.router, {
      spends: tokenAmount(pair().address, liquidity),
      receives: [tokenAmount(tokenA(), amountA), tokenAmount(tokenB(), amountB)],
    });

  const deadline = async () => deadlineAfter((await anvil.client.getBlock()).timestamp);

  async function approveRouter(liquidity: bigint) {
    const approve = planStep('approve', pair().address, {
      spends: tokenAmount(pair().address, liquidity),
      spender: world.router,
    });
    await send(buildStepCall(approve, { account: user() }));
  }

  it("pays what burn pays after the protocol's fee, with a permit signed by the user's key, in one transaction", async () => {
    const { liquidity, amounts, protocolFeeLiquidity } = await expectedRemoval();
    expect(protocolFeeLiquidity).toBeGreaterThan(0n);
    const at = pair().address;
    const nonce = await read<bigint>(at, recoveryAbis.pair, 'nonces', [user()]);
    const until = await deadline();
    const typedData = permitTypedData({
      pair: at,
      chainId: world.chainId,
      owner: user(),
      spender: world.router,
      value: liquidity,
      nonce,
      deadline: until,
    });
    const permit = parseSignature(await wallet.signTypedData(typedData));
    const call = buildStepCall(removalStep(liquidity, amounts), {
      account: user(),
      deadline: until,
      amountsMin: minimumAmounts(amounts, DEFAULT_SLIPPAGE_BPS),
      permit,
    });
    expect(call.functionName).toBe('removeLiquidityWithPermit');
    const sent = await anvil.client.getTransactionCount({ address: user() });

    const returned = await expectBalanceChanges(
      [
        [at, -liquidity],
        [tokenA(), amounts[0]],
        [tokenB(), amounts[1]],
      ],
      () => send(call),
    );
    expect(returned).toEqual(amounts);
    expect(await anvil.client.getTransactionCount({ address: user() })).toBe(sent + 1);
    expect(await read<bigint>(at, recoveryAbis.pair, 'nonces', [user()])).toBe(nonce + 1n);
    expect(await read<bigint>(at, recoveryAbis.erc20, 'allowance', [user(), world.router])).toBe(0n);
  });

  it('pays the same through approve + removeLiquidity, with minimums at exactly what burn pays', async () => {
    const { liquidity, amounts } = await expectedRemoval();
    await approveRouter(liquidity);
    expect(await read<bigint>(pair().address, recoveryAbis.erc20, 'allowance', [user(), world.router])).toBe(
      liquidity,
    );
    const call = buildStepCall(removalStep(liquidity, amounts), {
      account: user(),
      deadline: await deadline(),
      amountsMin: amounts,
    });
    expect(call.functionName).toBe('removeLiquidity');
    const returned = await expectBalanceChanges(
      [
        [pair().address, -liquidity],
        [tokenA(), amounts[0]],
        [tokenB(), amounts[1]],
      ],
      () => send(call),
    );
    expect(returned).toEqual(amounts);
  });

  it("reverts with the router's reason when a minimum is above what burn pays, and nothing moves", async () => {
    const { liquidity, amounts } = await expectedRemoval();
    await approveRouter(liquidity);
    const until = await deadline();
    const withMinimums = (amountsMin: readonly [bigint, bigint]) =>
      buildStepCall(removalStep(liquidity, amounts), { account: user(), deadline: until, amountsMin });
    expect(await revertReason(withMinimums([amounts[0] + 1n, amounts[1]]))).toBe(
      'UniswapV2Router: INSUFFICIENT_A_AMOUNT',
    );
    expect(await revertReason(withMinimums([amounts[0], amounts[1] + 1n]))).toBe(
      'UniswapV2Router: INSUFFICIENT_B_AMOUNT',
    );
    // Sent anyway (a gas limit given, so no estimate stops it): mined, reverted, nothing arrives.
    const call = withMinimums([amounts[0] + 1n, amounts[1]]);
    await expectBalanceChanges(
      [
        [pair().address, 0n],
        [tokenA(), 0n],
        [tokenB(), 0n],
      ],
      async () => {
        const hash = await wallet.writeContract({ ...call, abi: call.abi as Abi, gas: 500_000n } as never);
        expect((await anvil.client.waitForTransactionReceipt({ hash })).status).toBe('reverted');
      },
    );
  });
});

describe("the Dragon's Lair and the QUICK converter", () => {
  it('leaving pays dQUICKForQUICK of the dQUICK; converting pays 1000 new QUICK per old QUICK', async () => {
    const { DQUICK, QUICK, NEW_QUICK } = world.tokens;
    await send(buildStepCall(planStep('exit', world.farms.quickWmaticEnded.address), { account: user() }));
    const dQuick = await balanceOf(DQUICK.address);
    expect(dQuick).toBeGreaterThan(0n);
    const quickForIt = await read<bigint>(DQUICK.address, recoveryAbis.lair, 'dQUICKForQUICK', [dQuick]);
    // The lair's QUICK grew by fees: more QUICK comes out than dQUICK goes in.
    expect(quickForIt).toBeGreaterThan(dQuick);
    const leave = planStep('leave_lair', DQUICK.address, { spends: tokenAmount(DQUICK.address, dQuick) });
    await expectBalanceChanges(
      [
        [DQUICK.address, -dQuick],
        [QUICK.address, quickForIt],
      ],
      () => send(buildStepCall(leave, { account: user() })),
    );

    const oldQuick = await balanceOf(QUICK.address);
    const spends = tokenAmount(QUICK.address, oldQuick);
    await send(
      buildStepCall(planStep('approve', QUICK.address, { spends, spender: world.quickConverter }), {
        account: user(),
      }),
    );
    await expectBalanceChanges(
      [
        [QUICK.address, -oldQuick],
        [NEW_QUICK.address, oldQuick * 1000n],
      ],
      () =>
        send(buildStepCall(planStep('convert_quick', world.quickConverter, { spends }), { account: user() })),
    );
  });
});

describe('a farm whose reward balance is short', () => {
  it('refuses getReward and exit with the token’s reason; withdraw returns the stake and leaves what is owed', async () => {
    const farm = world.farms.quickWmaticEnded;
    const [staked, earned] = await Promise.all([
      read<bigint>(farm.address, recoveryAbis.farm, 'balanceOf', [user()]),
      read<bigint>(farm.address, recoveryAbis.farm, 'earned', [user()]),
    ]);
    await shortenFarmRewards(anvil, world, 'quickWmaticEnded', earned / 3n);

    for (const kind of ['claim', 'exit'] as const) {
      expect(await revertReason(buildStepCall(planStep(kind, farm.address), { account: user() }))).toBe(
        'ERC20: transfer amount exceeds balance',
      );
    }
    const withdraw = planStep('withdraw', farm.address, { spends: tokenAmount(farm.pair, staked) });
    await expectBalanceChanges(
      [
        [farm.pair, staked],
        [world.tokens.DQUICK.address, 0n],
      ],
      () => send(buildStepCall(withdraw, { account: user() })),
    );
    expect(await read<bigint>(farm.address, recoveryAbis.farm, 'balanceOf', [user()])).toBe(0n);
    expect(await read<bigint>(farm.address, recoveryAbis.farm, 'earned', [user()])).toBe(earned);
  });
});
