import { type Address, encodeAbiParameters, getAddress, type Hex, keccak256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MerklServer, startMerklServer } from './merkl/server.ts';
import { buildMerklTree, type MerklReward } from './merkl/tree.ts';

// Made-up addresses: the server and the tree need no chain (the on-chain claim is in v3-world.test.ts).
const address = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`) as Address;
const alice = address(0xa11ce);
const bob = address(0xb0b);
const quick = { address: address(0x9c), symbol: 'QUICK', decimals: 18 };
const wmatic = { address: address(0x3a), symbol: 'WMATIC', decimals: 18 };
const rewards: MerklReward[] = [
  { recipient: alice, token: quick, amount: 250n * 10n ** 18n, claimed: 100n * 10n ** 18n, pending: 7n },
  { recipient: alice, token: wmatic, amount: 40n * 10n ** 18n },
  { recipient: bob, token: quick, amount: 5n * 10n ** 18n },
];

/** The distributor's check (Distributor._verifyProof), restated: sorted pairs hashed with abi.encode. */
function verify(leaf: Hex, proof: Hex[], root: Hex): boolean {
  let hash = leaf;
  for (const sibling of proof) {
    const [a, b] = BigInt(hash) < BigInt(sibling) ? [hash, sibling] : [sibling, hash];
    hash = keccak256(`0x${a.slice(2)}${b.slice(2)}`);
  }
  return hash === root;
}
const leafOf = (r: MerklReward) =>
  keccak256(
    encodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'uint256' }],
      [r.recipient, r.token.address, r.amount],
    ),
  );

describe('buildMerklTree', () => {
  it.each([1, 2, 3, 5, 8])(
    'proves every one of %i leaves against the root as the distributor checks it',
    (n) => {
      const many = Array.from({ length: n }, (_, i) => ({
        recipient: address(i + 1),
        token: quick,
        amount: BigInt(i + 1),
      }));
      const tree = buildMerklTree(many);
      for (const reward of many) {
        expect(verify(leafOf(reward), tree.proofOf(reward.recipient, quick.address), tree.root)).toBe(true);
      }
      // A proof for another amount does not hold.
      const [first] = many;
      expect(
        verify(leafOf({ ...first!, amount: 999n }), tree.proofOf(first!.recipient, quick.address), tree.root),
      ).toBe(false);
    },
  );

  it('gives the same root whatever the order of the rewards, and refuses two leaves for one user and token', () => {
    expect(buildMerklTree([...rewards].reverse()).root).toBe(buildMerklTree(rewards).root);
    expect(() => buildMerklTree([...rewards, rewards[0]!])).toThrow(/cumulative/);
  });
});

let merkl: MerklServer;
beforeAll(async () => {
  merkl = await startMerklServer({ rewards });
});
afterAll(async () => {
  await merkl.stop();
});

async function get(path: string) {
  const response = await fetch(`${merkl.url}${path}`);
  // biome-ignore lint/suspicious/noExplicitAny: the test inspects the API's loosely typed JSON.
  return { response, body: (await response.json()) as any };
}

describe("Merkl's v4 user rewards endpoint", () => {
  it('answers the shape of @merkl/api: one chain, its rewards with root, proofs, token and amounts as strings', async () => {
    const { response, body } = await get(`/v4/users/${alice.toLowerCase()}/rewards?chainId=137`);
    expect(response.status).toBe(200);
    const tree = buildMerklTree(rewards);
    expect(body).toEqual([
      {
        chain: { id: 137, name: 'Polygon', icon: '', liveCampaigns: 0, endOfDisputePeriod: 0 },
        rewards: [
          {
            root: tree.root,
            recipient: alice,
            proofs: tree.proofOf(alice, quick.address),
            token: { ...quick, chainId: 137 },
            amount: '250000000000000000000',
            claimed: '100000000000000000000',
            pending: '7',
            breakdowns: [
              {
                reason: expect.any(String),
                amount: '250000000000000000000',
                claimed: '100000000000000000000',
                pending: '7',
                campaignId: expect.stringMatching(/^0x[0-9a-f]{64}$/),
              },
            ],
          },
          expect.objectContaining({
            token: { ...wmatic, chainId: 137 },
            amount: '40000000000000000000',
            claimed: '0',
            pending: '0',
          }),
        ],
      },
    ]);
    expect(merkl.requests.at(-1)?.path).toBe(`/v4/users/${alice.toLowerCase()}/rewards`);
  });

  it('answers a wallet without rewards with its chain and no rewards, another chain with nothing', async () => {
    expect((await get(`/v4/users/${address(0xdead)}/rewards?chainId=137`)).body).toEqual([
      expect.objectContaining({ rewards: [] }),
    ]);
    expect((await get(`/v4/users/${alice}/rewards?chainId=1`)).body).toEqual([]);
  });

  it('refuses a bad address or a missing chainId with a validation error (422)', async () => {
    const badAddress = await get('/v4/users/0x1234/rewards?chainId=137');
    expect(badAddress.response.status).toBe(422);
    expect(badAddress.body).toMatchObject({ type: 'validation', on: 'params', property: 'address' });
    const noChain = await get(`/v4/users/${alice}/rewards`);
    expect(noChain.response.status).toBe(422);
    expect(noChain.body).toMatchObject({ type: 'validation', on: 'query', property: 'chainId' });
  });

  it('serves new rewards after setRewards, with the new tree', async () => {
    const next = [{ ...rewards[1]!, amount: 41n * 10n ** 18n }];
    merkl.setRewards(next);
    try {
      const { body } = await get(`/v4/users/${alice}/rewards?chainId=137`);
      expect(body[0].rewards).toHaveLength(1);
      expect(body[0].rewards[0]).toMatchObject({
        root: buildMerklTree(next).root,
        amount: '41000000000000000000',
      });
    } finally {
      merkl.setRewards(rewards);
    }
  });

  it('misbehaves on demand: a 500, a body that is not JSON, JSON of another shape, no answer at all', async () => {
    const path = `${merkl.url}/v4/users/${alice}/rewards?chainId=137`;
    try {
      merkl.setFault('500');
      expect((await fetch(path)).status).toBe(500);
      merkl.setFault('garbage');
      const garbage = await fetch(path);
      expect(garbage.status).toBe(200);
      await expect(garbage.json()).rejects.toThrow();
      merkl.setFault('wrong-shape');
      const wrong = await (await fetch(path)).json();
      expect(Array.isArray(wrong)).toBe(false);
      merkl.setFault('hang');
      const hung = await fetch(path, { signal: AbortSignal.timeout(300) }).then(
        () => 'answered',
        (error: Error) => error.name,
      );
      expect(hung).toBe('TimeoutError');
    } finally {
      merkl.setFault(null);
    }
    expect((await fetch(path)).status).toBe(200);
  });
});
