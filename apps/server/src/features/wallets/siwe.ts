import { randomBytes } from 'node:crypto';
import { AppError, signInMessageLifetimeMs, walletSignInGreeting } from '@tidewatch/shared';
import { type Address, getAddress, type Hex, isAddress, isAddressEqual, recoverMessageAddress } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';

/**
 * EIP-4361 (Sign-In with Ethereum) messages: building them and the checks that need no database.
 * viem's verifySiweMessage checks domain and nonce only when given them and never the chain id or
 * the issued-at age, so every field is checked here explicitly (docs/decisions/007).
 */

export type SiweSettings = {
  /** Origin, no trailing slash (config PUBLIC_URL): the message's URI. Its host is the domain. */
  publicUrl: string;
  /** The chain a signature must be made for (config CHAIN_ID). */
  chainId: number;
  /** Name shown in 'wrong network' messages, e.g. 'Polygon'. */
  chainName: string;
};

/** A clock may be a little ahead in a wallet's world; beyond this an issued-at is refused. */
const clockSkewMs = 60 * 1000;

/** 128 bits, hex: alphanumeric as EIP-4361 requires, from the OS CSPRNG (not viem's Math.random). */
export function createNonce(): string {
  return randomBytes(16).toString('hex');
}

function signatureError(message: string): AppError {
  return new AppError('SIGNATURE_INVALID', message);
}

/**
 * Builds the exact text the wallet signs; valid for `signInMessageLifetimeMs`. The statement is the
 * spec's greeting, except for a deletion, which says what signing it does.
 */
export function buildSignInMessage(
  settings: SiweSettings,
  address: Address,
  nonce: string,
  issuedAt: Date,
  statement: string = walletSignInGreeting,
): { message: string; expiresAt: Date } {
  const expiresAt = new Date(issuedAt.getTime() + signInMessageLifetimeMs);
  const message = createSiweMessage({
    domain: new URL(settings.publicUrl).host,
    uri: settings.publicUrl,
    address,
    chainId: settings.chainId,
    nonce,
    issuedAt,
    expirationTime: expiresAt,
    statement,
    version: '1',
  });
  return { message, expiresAt };
}

export type CheckedMessage = { address: Address; nonce: string; chainId: number; issuedAt: Date };

/**
 * Parses a signed message and checks everything that does not need the database: domain, URI,
 * chain id, version, checksummed address, issued-at, expiry. Throws SIGNATURE_INVALID saying what.
 */
export function checkSignInMessage(settings: SiweSettings, message: string, now: Date): CheckedMessage {
  const parsed = parseSiweMessage(message);
  if (!parsed.domain || !parsed.address || !parsed.uri || !parsed.nonce || parsed.chainId === undefined) {
    throw signatureError('this is not a sign-in message from this site: start again');
  }
  const domain = new URL(settings.publicUrl).host;
  if (parsed.domain !== domain) {
    throw signatureError(
      `this message is for ${parsed.domain}, not ${domain}: sign the message this site shows`,
    );
  }
  if (parsed.uri !== settings.publicUrl) {
    throw signatureError(`this message points at ${parsed.uri}, not ${settings.publicUrl}: start again`);
  }
  if (parsed.version !== '1') throw signatureError('unsupported sign-in message version');
  if (parsed.chainId !== settings.chainId) {
    throw signatureError(`wrong network: sign on ${settings.chainName} (chain ${settings.chainId})`);
  }
  // EIP-4361 wants the EIP-55 form; viem's strict isAddress also lets an all-lower-case address pass.
  if (!isAddress(parsed.address, { strict: false }) || parsed.address !== getAddress(parsed.address)) {
    throw signatureError('the address in the message is not a valid EIP-55 checksummed address');
  }
  const issuedAt = parsed.issuedAt;
  if (!issuedAt || Number.isNaN(issuedAt.getTime())) {
    throw signatureError('the sign-in message has no valid issued-at time: start again');
  }
  const age = now.getTime() - issuedAt.getTime();
  const expiry = parsed.expirationTime;
  if (age > signInMessageLifetimeMs || (expiry && expiry.getTime() <= now.getTime())) {
    throw signatureError('this sign-in message has expired, start again');
  }
  if (age < -clockSkewMs || (parsed.notBefore && parsed.notBefore.getTime() > now.getTime() + clockSkewMs)) {
    throw signatureError('this sign-in message is not valid yet: check your clock and start again');
  }
  return { address: parsed.address, nonce: parsed.nonce, chainId: parsed.chainId, issuedAt };
}

/** Recovers the signer (EOA, personal_sign) and demands it be `address`. */
export async function checkSigner(message: string, signature: Hex, address: Address): Promise<void> {
  let signer: Address;
  try {
    signer = await recoverMessageAddress({ message, signature });
  } catch {
    throw signatureError(`the signature is malformed: it was not made by ${address}`);
  }
  if (!isAddressEqual(signer, address)) {
    throw signatureError(`the signature was not made by ${address} (it was made by ${signer})`);
  }
}
