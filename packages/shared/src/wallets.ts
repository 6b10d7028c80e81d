import { z } from 'zod';
import { GUIDE_EVENTS, GUIDE_STATES, type GuideEvent, type GuideStateName } from './wallet-guide.ts';

export * from './wallet-guide.ts';

/**
 * Wire contracts for wallets: the catalogue, saved wallets, the connect-wallet guide and sign-up
 * from a wallet address. The server validates with these; the web client types its calls with them.
 *
 * Endpoints (all under /api; POSTs need the CSRF header like every other POST):
 * | method | path                                          | auth   | body                         | answer                        |
 * |--------|-----------------------------------------------|--------|------------------------------|-------------------------------|
 * | GET    | /blockchains/wallets                          | none   | -                            | walletCatalogueResponseSchema |
 * | GET    | /blockchains/{chainId}                        | none   | -                            | blockchainResponseSchema      |
 * | GET    | /wallets/connected                            | bearer | -                            | walletListResponseSchema      |
 * | GET    | /wallets/details/{id}                         | bearer | -                            | walletDetailsResponseSchema   |
 * | POST   | /wallets/connect_metamask_guide/next-state    | bearer | nextStateRequestSchema       | guideStateSchema              |
 * | POST   | /wallets/sign-up/message                      | none   | walletSignUpMessageRequestSchema | walletSignUpMessageResponseSchema |
 * | POST   | /wallets/sign-up                              | none   | walletSignUpRequestSchema    | walletSignUpResponseSchema    |
 * Failures answer the shared error body (`errorBodySchema`): 400 VALIDATION_FAILED naming the field,
 * 400 SIGNATURE_INVALID with a message for people, 404 NOT_FOUND, 409 CONFLICT.
 */

/** The statement of every EIP-4361 message we ask a wallet to sign (spec: "a fixed greeting"). */
export const walletSignInGreeting =
  'Welcome to Tidewatch! Sign this message to prove you own this wallet. It costs nothing and sends no transaction.';

/** How long a server-built sign-in message stays valid. */
export const signInMessageLifetimeMs = 10 * 60 * 1000;

const addressPattern = /^0x[0-9a-fA-F]{40}$/;

/** A 0x-prefixed 20-byte address in any letter case; the server stores it EIP-55 checksummed. */
export const walletAddressSchema = z
  .string()
  .trim()
  .regex(addressPattern, 'must be a 0x-prefixed 20-byte address (0x and 40 hex characters)');

/** A 65-byte (or EIP-2098 64-byte) hex signature as personal_sign returns it. */
export const walletSignatureSchema = z
  .string()
  .trim()
  .regex(/^0x([0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/, 'must be a 0x-prefixed hex signature');

/** Chain id as a number; wallets often report it as hex ('0x89'), which is accepted too. */
export const walletChainIdSchema = z
  .union([z.number(), z.string().regex(/^(0x[0-9a-fA-F]+|\d+)$/, 'must be a chain id')])
  .transform((value) => (typeof value === 'number' ? value : Number(value)))
  .pipe(
    z
      .number()
      .int('must be a chain id')
      .positive('must be a chain id')
      .max(2 ** 53 - 1),
  );

/** The EIP-4361 message as signed; bounded so nobody posts megabytes at us. */
export const signInMessageSchema = z.string().min(1, 'the signed message is missing').max(2000);

export const blockchainRefSchema = z.object({ name: z.string(), chainId: z.number().int() });
export type BlockchainRef = z.infer<typeof blockchainRefSchema>;

/** A blockchain we know (the /blockchain/{chainId} page): 404 for an unknown chain id. */
export const blockchainSchema = z.object({
  name: z.string(),
  chainId: z.number().int(),
  /** Block explorer origin, e.g. https://polygonscan.com (address pages: `${explorerUrl}/address/${address}`). */
  explorerUrl: z.string(),
});
export type Blockchain = z.infer<typeof blockchainSchema>;
export const blockchainResponseSchema = z.object({ blockchain: blockchainSchema });
export type BlockchainResponse = z.infer<typeof blockchainResponseSchema>;
export const blockchainParamsSchema = z.object({
  chainId: z.coerce
    .number({ error: 'must be a chain id (a number)' })
    .int('must be a chain id (a number)')
    .positive('must be a chain id (a number)'),
});

/** A saved wallet (spec: id, name = the wallet service, address, blockchain {name, chainId}). */
export const walletSchema = z.object({
  id: z.number().int(),
  /** The wallet service, e.g. 'MetaMask'. */
  name: z.string(),
  /** EIP-55 checksummed. */
  address: z.string(),
  blockchain: blockchainRefSchema,
  /** Added without a signature (issue 14): for tracking and discovery only. */
  is_watch_only: z.boolean(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const watchOnlyLimit = 20;
/** POST /api/wallets/watch: an address to follow without signing (not a contract), at most 20 per user. */
export const watchWalletSchema = z.strictObject({
  address: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address: 0x and 40 hexadecimal characters'),
  name: z.string().trim().min(1, 'the name is empty').max(40, 'at most 40 characters').optional(),
});
export type WatchWallet = z.infer<typeof watchWalletSchema>;

/** GET /api/wallets/{id}/removal: what removing the wallet would delete (the confirmation says it). */
export const walletRemovalSchema = z.object({
  wallet: walletSchema,
  tracked_farms: z.number().int(),
  position_snapshots: z.number().int(),
});
export type WalletRemoval = z.infer<typeof walletRemovalSchema>;

export const walletListResponseSchema = z.object({ wallets: z.array(walletSchema) });
export type WalletListResponse = z.infer<typeof walletListResponseSchema>;

export const walletDetailsResponseSchema = z.object({ wallet: walletSchema });
export type WalletDetailsResponse = z.infer<typeof walletDetailsResponseSchema>;

/** Path params of /wallets/details/{id}: a positive integer, else 400 naming `params.id`. */
export const walletIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'must be a wallet id (a number)' })
    .int('must be a wallet id (a number)')
    .positive('must be a wallet id (a number)'),
});

export const walletCatalogueEntrySchema = z.object({ name: z.string(), blockchains: z.array(z.string()) });
export type WalletCatalogueEntry = z.infer<typeof walletCatalogueEntrySchema>;
export const walletCatalogueResponseSchema = z.object({ wallets: z.array(walletCatalogueEntrySchema) });
export type WalletCatalogueResponse = z.infer<typeof walletCatalogueResponseSchema>;

/**
 * Connect-wallet guide (spec section 4). The server owns the progress: the issued message, its
 * single-use nonce and the verified address live in the database, so skipping a step cannot work.
 *
 * | state (name)        | event             | params                                   | next state          | next events         | data of next state                    |
 * |---------------------|-------------------|------------------------------------------|---------------------|---------------------|---------------------------------------|
 * | NOT_STARTED         | GET_MESSAGE       | {address}                                | NOT_STARTED         | [CONFIRM_SIGNATURE] | {address, message, expiresAt}         |
 * | NOT_STARTED         | CONFIRM_SIGNATURE | {signature, address, message?}           | CONFIRMED_SIGNATURE | [SAVE_ADDRESS]      | {address, chainId, nonce}             |
 * | CONFIRMED_SIGNATURE | SAVE_ADDRESS      | {...data, address, chainId, token?}      | SAVED_ADDRESS       | []                  | {wallet}                              |
 * | ERROR               | GET_MESSAGE       | {address}                                | NOT_STARTED         | [CONFIRM_SIGNATURE] | {address, message, expiresAt}         |
 *
 * - The client starts from `initialGuideState` and sends GET_MESSAGE; the wallet signs exactly
 *   `data.message` (personal_sign); then CONFIRM_SIGNATURE. `message` in its params is optional: when
 *   absent the server checks the signature against the latest message it issued for that address.
 * - 'continue' on CONFIRMED_SIGNATURE sends `events[0]` with `{...data, address, chainId, token}`;
 *   chainId is read from the wallet (number or hex string); `token` is accepted and ignored (the
 *   bearer header authenticates).
 * - Any failure answers the error body instead of a state; the client shows ERROR and keeps `previous`.
 *   ERROR exists only on the client; from it the user starts again with GET_MESSAGE.
 * - An event not allowed in the sent state answers 409 CONFLICT.
 */
const guideStateNameSchema = z.enum(Object.values(GUIDE_STATES) as [GuideStateName, ...GuideStateName[]]);
const guideEventSchema = z.enum(Object.values(GUIDE_EVENTS) as [GuideEvent, ...GuideEvent[]]);

export const getMessageParamsSchema = z.object({ address: walletAddressSchema });
export const confirmSignatureParamsSchema = z.object({
  signature: walletSignatureSchema,
  address: walletAddressSchema,
  message: signInMessageSchema.optional(),
});
/** Extra keys (the spread state data) are allowed and ignored. */
export const saveAddressParamsSchema = z.object({
  address: walletAddressSchema,
  chainId: walletChainIdSchema,
  nonce: z.string().min(1, 'the verified message is missing: confirm the signature first').max(100),
  token: z.string().max(4096).optional(),
});
export type GetMessageParams = z.infer<typeof getMessageParamsSchema>;
export type ConfirmSignatureParams = z.infer<typeof confirmSignatureParamsSchema>;
export type SaveAddressParams = z.infer<typeof saveAddressParamsSchema>;

/** Body of POST /wallets/connect_metamask_guide/next-state; params are checked per event. */
export const nextStateRequestSchema = z.discriminatedUnion('event', [
  z.object({
    name: guideStateNameSchema,
    event: z.literal('GET_MESSAGE'),
    params: getMessageParamsSchema,
  }),
  z.object({
    name: guideStateNameSchema,
    event: z.literal('CONFIRM_SIGNATURE'),
    params: confirmSignatureParamsSchema,
  }),
  z.object({
    name: guideStateNameSchema,
    event: z.literal('SAVE_ADDRESS'),
    params: saveAddressParamsSchema,
  }),
]);
export type NextStateRequest = z.input<typeof nextStateRequestSchema>;

export const notStartedDataSchema = z.object({
  address: z.string(),
  /** The exact EIP-4361 text the wallet must sign. */
  message: z.string(),
  /** ISO-8601 instant after which the message is refused. */
  expiresAt: z.string(),
});
export const confirmedSignatureDataSchema = z.object({
  address: z.string(),
  chainId: z.number().int(),
  /** Identifies the verified message; send it back with SAVE_ADDRESS. */
  nonce: z.string(),
});
export const savedAddressDataSchema = z.object({ wallet: walletSchema });

/** A guide state on the wire: {name, previous, events (the first is the next event), data}. */
export const guideStateSchema = z.discriminatedUnion('name', [
  z.object({
    name: z.literal('NOT_STARTED'),
    previous: guideStateNameSchema.nullable(),
    events: z.array(guideEventSchema),
    data: z.union([notStartedDataSchema, z.object({})]),
  }),
  z.object({
    name: z.literal('CONFIRMED_SIGNATURE'),
    previous: guideStateNameSchema.nullable(),
    events: z.array(guideEventSchema),
    data: confirmedSignatureDataSchema,
  }),
  z.object({
    name: z.literal('SAVED_ADDRESS'),
    previous: guideStateNameSchema.nullable(),
    events: z.array(guideEventSchema),
    data: savedAddressDataSchema,
  }),
  z.object({
    name: z.literal('ERROR'),
    previous: guideStateNameSchema.nullable(),
    events: z.array(guideEventSchema),
    data: z.object({ message: z.string() }),
  }),
]);
export type GuideState = z.infer<typeof guideStateSchema>;

/** Sign-up from a wallet address (/signup/create-address): step 1, get the message to sign. */
export const walletSignUpMessageRequestSchema = z.strictObject({ address: walletAddressSchema });
export type WalletSignUpMessageRequest = z.infer<typeof walletSignUpMessageRequestSchema>;
export const walletSignUpMessageResponseSchema = z.object({ message: z.string(), expiresAt: z.string() });
export type WalletSignUpMessageResponse = z.infer<typeof walletSignUpMessageResponseSchema>;

/** Step 2: the signed message. Creates the account on first use, logs into it on later ones. */
export const walletSignUpRequestSchema = z.strictObject({
  message: signInMessageSchema,
  signature: walletSignatureSchema,
});
export type WalletSignUpRequest = z.infer<typeof walletSignUpRequestSchema>;
export const walletSignUpResponseSchema = z.object({
  /** Bearer token, like the e-mail login's. */
  token: z.string(),
  /** True when this call created the account. */
  created: z.boolean(),
});
export type WalletSignUpResponse = z.infer<typeof walletSignUpResponseSchema>;
