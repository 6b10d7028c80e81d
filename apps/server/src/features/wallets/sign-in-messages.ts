import { type Address, getAddress, type Hex } from 'viem';
import { alreadyUsed, invalid, siweSettings, type WalletsContext } from './context.ts';
import * as repo from './repository.ts';
import { buildSignInMessage, checkSigner, checkSignInMessage, createNonce } from './siwe.ts';

/** Issues an EIP-4361 message with a fresh single-use nonce for `purpose`, stored until it is spent. */
export async function issueMessage(
  ctx: WalletsContext,
  purpose: repo.NoncePurpose,
  userId: number | null,
  rawAddress: string,
  statement?: string,
) {
  const address = getAddress(rawAddress);
  const issuedAt = ctx.now();
  await repo.deleteStaleNonces(ctx.db, issuedAt);
  const nonce = createNonce();
  const { message, expiresAt } = buildSignInMessage(
    await siweSettings(ctx),
    address,
    nonce,
    issuedAt,
    statement,
  );
  await repo.insertNonce(ctx.db, { nonce, purpose, userId, address, message, issuedAt, expiresAt });
  return { address, message, expiresAt: expiresAt.toISOString() };
}

/**
 * Every signature rule except the final consumption: the message is well formed for our domain,
 * URI and chain, recent, carries a nonce we issued for this purpose, user and address, is the
 * exact text we issued, unused, and was signed by its address. Stores nothing.
 */
export async function verifySignature(
  ctx: WalletsContext,
  check: {
    purpose: repo.NoncePurpose;
    userId: number | null;
    message: string;
    signature: Hex;
    expectedAddress?: Address;
  },
): Promise<{ row: repo.NonceRow; address: Address; chainId: number }> {
  const at = ctx.now();
  const checked = checkSignInMessage(await siweSettings(ctx), check.message, at);
  if (check.expectedAddress && check.expectedAddress !== checked.address) {
    throw invalid(`this message was made for ${checked.address}, not ${check.expectedAddress}`);
  }
  const row = await repo.findNonce(ctx.db, checked.nonce);
  if (
    !row ||
    row.purpose !== check.purpose ||
    row.user_id !== check.userId ||
    row.address !== checked.address
  ) {
    throw invalid('this sign-in message was not issued to you by this site: start again');
  }
  if (row.message !== check.message) {
    throw invalid('this message differs from the one we issued: sign exactly the message shown');
  }
  if (row.consumed_at !== null) throw alreadyUsed();
  if (new Date(row.expires_at).getTime() <= at.getTime()) {
    throw invalid('this sign-in message has expired, start again');
  }
  await checkSigner(check.message, check.signature, checked.address);
  return { row, address: checked.address, chainId: checked.chainId };
}
