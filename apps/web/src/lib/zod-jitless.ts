import { config } from 'zod';

/**
 * The app's Content-Security-Policy forbids eval: zod parses without compiling parsers, and so never
 * probes `new Function` (a probe the browser reports as a violation even when caught). Zod reads this
 * when a schema is built, so main.tsx imports this module before anything else.
 */
config({ jitless: true });
