/*
 * The actions on Base, loaded with the first one asked for: their builders bring the V3 actions' calls, the
 * recovery plan's amounts and viem's encoders, which the chains tool's first load (and the shared chunks of every
 * route) should not carry.
 */
export { syrupExitRequest } from './syrup-exit-request.ts';
export { v2RemoveRequest } from './v2-remove-request.ts';
export { v4CloseRequest } from './v4-close-request.ts';
export { v4CollectRequest } from './v4-collect-request.ts';
