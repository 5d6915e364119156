import { config } from 'zod';

/**
 * The app's Content-Security-Policy forbids eval: zod parses without compiling parsers, and so never
 * probes `new Function` (a probe the browser reports as a violation even when caught). Zod probes
 * when the first object schema is built, so lib/contract.ts imports this module before the contract.
 */
config({ jitless: true });
