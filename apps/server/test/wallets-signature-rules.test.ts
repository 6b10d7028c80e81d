import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';
import {
  alice,
  alterMessage,
  bob,
  confirmSignature,
  countRows,
  createClock,
  getGuideMessage,
} from './wallets-helpers.ts';

// Every signature rule of the connect guide, each failing with 400 SIGNATURE_INVALID and a message
// for people, and each leaving the nonce usable (nothing stored) unless the rule is about reuse.

let t: TestApp;
let token: string;
let clock: ReturnType<typeof createClock>;
beforeEach(async () => {
  clock = createClock();
  t = await createTestApp({ deps: { now: clock.now } });
  token = (await createConfirmedUser(t)).token;
});
afterEach(() => t.close());

async function expectRefused(
  response: Awaited<ReturnType<typeof confirmSignature>>,
  message: string | RegExp,
) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body.code).toBe('SIGNATURE_INVALID');
  expect(body.error).toBe('Bad Request');
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

/** After a refusal, the honest signature of the original message still works: nothing was consumed. */
async function expectStillUsable(message: string) {
  const honest = await confirmSignature(t, token, {
    signature: await alice.signMessage({ message }),
    address: alice.address,
  });
  expect(honest.statusCode, honest.body).toBe(200);
}

describe('connect guide signature rules', () => {
  it('refuses a replayed signature', async () => {
    const { message } = await getGuideMessage(t, token, alice.address);
    const signature = await alice.signMessage({ message });
    expect((await confirmSignature(t, token, { signature, address: alice.address })).statusCode).toBe(200);
    await expectRefused(
      await confirmSignature(t, token, { signature, address: alice.address, message }),
      'this sign-in message was already used',
    );
  });

  it('refuses a message for another domain', async () => {
    const { message } = await getGuideMessage(t, token, alice.address);
    const forged = alterMessage(message, { domain: 'evil.example' });
    const signature = await alice.signMessage({ message: forged });
    await expectRefused(
      await confirmSignature(t, token, { signature, address: alice.address, message: forged }),
      'this message is for evil.example, not localhost:5173: sign the message this site shows',
    );
    await expectStillUsable(message);
  });

  it('refuses a message with another URI', async () => {
    const { message } = await getGuideMessage(t, token, alice.address);
    const forged = alterMessage(message, { uri: 'https://evil.example' });
    const signature = await alice.signMessage({ message: forged });
    await expectRefused(
      await confirmSignature(t, token, { signature, address: alice.address, message: forged }),
      /points at https:\/\/evil.example/,
    );
    await expectStillUsable(message);
  });

  it('refuses a message for another chain', async () => {
    const { message } = await getGuideMessage(t, token, alice.address);
    const forged = alterMessage(message, { chainId: 1 });
    const signature = await alice.signMessage({ message: forged });
    await expectRefused(
      await confirmSignature(t, token, { signature, address: alice.address, message: forged }),
      'wrong network: sign on Polygon (chain 137)',
    );
    await expectStillUsable(message);
  });

  it('refuses an expired message (10 minutes)', async () => {
    const { message } = await getGuideMessage(t, token, alice.address);
    const signature = await alice.signMessage({ message });
    clock.advance(10 * 60 * 1000 + 1);
    await expectRefused(
      await confirmSignature(t, token, { signature, address: alice.address }),
      'this sign-in message has expired, start again',
    );
  });

  it('refuses a message whose issued-at is pushed forward to dodge expiry', async () => {
    const { message } = await getGuideMessage(t, token, alice.address);
    clock.advance(11 * 60 * 1000);
    const forged = alterMessage(message, {
      issuedAt: clock.now(),
      expirationTime: new Date(clock.now().getTime() + 60_000),
    });
    const signature = await alice.signMessage({ message: forged });
    await expectRefused(
      await confirmSignature(t, token, { signature, address: alice.address, message: forged }),
      /differs from the one we issued|expired/,
    );
  });

  it('lets exactly one of two parallel uses of a nonce win', async () => {
    const { message } = await getGuideMessage(t, token, alice.address);
    const signature = await alice.signMessage({ message });
    const results = await Promise.all(
      [1, 2, 3].map(() => confirmSignature(t, token, { signature, address: alice.address, message })),
    );
    const codes = results.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 400, 400]);
    for (const response of results.filter((r) => r.statusCode === 400)) {
      await expectRefused(response, 'this sign-in message was already used');
    }
  });

  it('refuses a signature made by another key', async () => {
    const { message } = await getGuideMessage(t, token, alice.address);
    const signature = await bob.signMessage({ message });
    await expectRefused(
      await confirmSignature(t, token, { signature, address: alice.address }),
      `the signature was not made by ${alice.address} (it was made by ${bob.address})`,
    );
    await expectStillUsable(message);
  });

  it('refuses a malformed signature', async () => {
    const { message } = await getGuideMessage(t, token, alice.address);
    await expectRefused(
      await confirmSignature(t, token, {
        signature: `0x${'00'.repeat(65)}`,
        address: alice.address,
        message,
      }),
      /not made by/,
    );
    await expectStillUsable(message);
  });

  it('refuses a message made for another address than the one confirmed', async () => {
    const { message } = await getGuideMessage(t, token, alice.address);
    const signature = await alice.signMessage({ message });
    await expectRefused(
      await confirmSignature(t, token, { signature, address: bob.address, message }),
      `this message was made for ${alice.address}, not ${bob.address}`,
    );
    await expectStillUsable(message);
  });

  it('refuses an address that is not EIP-55 checksummed', async () => {
    const { message } = await getGuideMessage(t, token, alice.address);
    const forged = message.replace(alice.address, alice.address.toLowerCase());
    const signature = await alice.signMessage({ message: forged });
    await expectRefused(
      await confirmSignature(t, token, { signature, address: alice.address, message: forged }),
      'the address in the message is not a valid EIP-55 checksummed address',
    );
  });

  it('refuses a nonce we did not issue, and a changed statement', async () => {
    const { message } = await getGuideMessage(t, token, alice.address);
    const invented = alterMessage(message, { nonce: 'b'.repeat(32) });
    await expectRefused(
      await confirmSignature(t, token, {
        signature: await alice.signMessage({ message: invented }),
        address: alice.address,
        message: invented,
      }),
      'this sign-in message was not issued to you by this site: start again',
    );
    const reworded = alterMessage(message, { statement: 'Transfer everything' });
    await expectRefused(
      await confirmSignature(t, token, {
        signature: await alice.signMessage({ message: reworded }),
        address: alice.address,
        message: reworded,
      }),
      'this message differs from the one we issued: sign exactly the message shown',
    );
    await expectStillUsable(message);
  });

  it("refuses another user's message", async () => {
    const other = (await createConfirmedUser(t)).token;
    const { message } = await getGuideMessage(t, other, alice.address);
    await expectRefused(
      await confirmSignature(t, token, {
        signature: await alice.signMessage({ message }),
        address: alice.address,
        message,
      }),
      'this sign-in message was not issued to you by this site: start again',
    );
  });

  it('refuses CONFIRM_SIGNATURE when no message was issued for the address', async () => {
    await expectRefused(
      await confirmSignature(t, token, { signature: `0x${'11'.repeat(65)}`, address: bob.address }),
      `no sign-in message was issued for ${bob.address}: start again`,
    );
    expect(await countRows(t, 'wallets')).toBe(0);
  });
});
