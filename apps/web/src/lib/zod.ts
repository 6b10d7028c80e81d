import { config } from 'zod/v4';

/**
 * The browser build's 'zod': the web's Vite config resolves every `import … from 'zod'` (ours and the
 * shared package's) to this module, so zod is set to jitless before any schema is built, wherever the first
 * schema happens to be built (the shared schemas load with the screens that use them, not at start-up).
 * Our Content-Security-Policy allows no eval, so zod's compiled parsers could never run here; without this,
 * zod probes with `new Function` while it builds the first object schema and the browser reports a CSP
 * violation. zod reads the setting when it builds a schema, hence before, not at start-up.
 */
config({ jitless: true });

export * from 'zod/v4';
