import { gunzipSync } from 'node:zlib';
import { type Address, getAddress, type Hex, toHex } from 'viem';
import type { Anvil } from '../anvil.ts';

type DumpedAccount = { code?: Hex; storage?: Record<string, Hex> };

/**
 * Puts deployed contracts at the addresses a real chain has them at: each one's runtime code (`anvil_setCode`) and
 * ALL its storage, mappings included (read from `anvil_dumpState`, which lists every slot written), at `to`. What
 * a constructor wrote (owners, roles, defaults) comes along; immutables are in the code, so deploy each with the
 * real addresses of the contracts it names (a factory with its real pool deployer) before moving it. Move a
 * contract before anyone holds balances in it or sends it tokens: token balances live in the tokens' storage.
 * @example await placeContracts(anvil, [{ from: deployedFactory, to: base.v4.factory }]);
 */
export async function placeContracts(
  anvil: Anvil,
  moves: readonly { from: Address; to: Address }[],
): Promise<void> {
  const request = anvil.client.request as (args: { method: string; params: unknown[] }) => Promise<unknown>;
  const dump = (await request({ method: 'anvil_dumpState', params: [] })) as Hex;
  const state = JSON.parse(gunzipSync(Buffer.from(dump.slice(2), 'hex')).toString('utf8')) as {
    accounts: Record<string, DumpedAccount>;
  };
  const accounts = new Map(
    Object.entries(state.accounts).map(([address, account]) => [getAddress(address), account]),
  );
  for (const { from, to } of moves) {
    const account = accounts.get(getAddress(from));
    if (!account?.code || account.code === '0x') throw new Error(`no code at ${from} to place at ${to}`);
    await request({ method: 'anvil_setCode', params: [to, account.code] });
    for (const [slot, value] of Object.entries(account.storage ?? {})) {
      await request({
        method: 'anvil_setStorageAt',
        params: [to, toHex(BigInt(slot), { size: 32 }), toHex(BigInt(value), { size: 32 })],
      });
    }
  }
}
