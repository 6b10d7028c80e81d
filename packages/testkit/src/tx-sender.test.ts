import type { Address, Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anvil, startAnvil } from './anvil.ts';
import { TxSender } from './world/tx-sender.ts';

/**
 * A burst sent without waiting lands in blocks that run over the gas target, and the base fee climbs block after
 * block. Without a fee cap above that climb, anvil dropped the later transactions from its pool as invalid: no
 * receipt ever came (the demo's V3 deployment waiting out its minute in CI).
 */
/** Init code that burns its gas down to 10 000 and stops: JUMPDEST PUSH2 10000 GAS GT PUSH1 0 JUMPI STOP. */
const gasBurner = { abi: [], bytecode: '0x5b6127105a1160005700' as Hex };

describe('TxSender, a burst mined many to a block', () => {
  let anvil: Anvil;
  beforeAll(async () => {
    anvil = await startAnvil({ args: ['--no-mining'] });
  });
  afterAll(async () => {
    await anvil.stop();
  });

  it('every transaction is mined and succeeds while the base fee passes twice its start', async () => {
    const [deployer] = await anvil.client.getAddresses();
    const from = deployer as Address;
    const sender = new TxSender(anvil);
    const startBaseFee = (await anvil.client.getBlock()).baseFeePerGas ?? 0n;
    for (let i = 0; i < 60; i++) await sender.deploy(from, gasBurner, [], `burner ${i}`);
    // Mined by hand, three 8M-gas transactions to a 30M block, over the 15M target: the base fee climbs on each.
    for (let block = 0; block < 20; block++) await anvil.mine();
    await sender.assertAllSucceeded();
    const endBaseFee = (await anvil.client.getBlock()).baseFeePerGas ?? 0n;
    expect(endBaseFee).toBeGreaterThan(startBaseFee * 2n);
  });
});
