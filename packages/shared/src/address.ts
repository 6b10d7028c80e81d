import { z } from 'zod';

/** A 0x-prefixed 20-byte hex address, any letter case (the server compares case-insensitively). */
export const hexAddressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address');
