// Zod's eval-free setting runs before the first schema is built (see zod-jitless.ts). Web code takes
// the contract's values from this module only (a lint rule holds it to that), so whichever page
// loads the schemas first, the setting comes first; pages that need no schema never load zod.
import './zod-jitless';

export * from '@rasma/contract';
