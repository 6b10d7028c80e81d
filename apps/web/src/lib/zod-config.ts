import { z } from 'zod';

// Our Content-Security-Policy allows no eval, so zod's compiled parsers could never run here. Without this,
// zod probes with `new Function` while it builds the first object schema and the browser reports a CSP
// violation on every page. main.tsx imports this module first, before any schema is built.
z.config({ jitless: true });
