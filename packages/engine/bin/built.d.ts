/** Whether `bundle` was built after every file its folder's `sources.json` lists. */
export function isFreshBundle(bundle: string | URL): boolean;
/** Runs the engine's `dist/<file>` when it is fresh, else the TypeScript `source` through tsx. */
export function runBuiltOrSource(file: string, source: URL): Promise<unknown>;
