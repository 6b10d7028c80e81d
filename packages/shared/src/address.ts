import { z } from 'zod';
import { hexAddressPattern } from './same-address.ts';

/** A 0x-prefixed 20-byte hex address, any letter case (the server compares case-insensitively). */
export const hexAddressSchema = z.string().regex(hexAddressPattern, 'must be a 0x-prefixed 20-byte address');
