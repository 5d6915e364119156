import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The data dirs of the servers playwright.config.ts starts. */
function e2eDataDirs(): string[] {
  return [process.env.RASMA_E2E_DATA_DIR, process.env.RASMA_E2E_STRIPE_DATA_DIR].map((dataDir) => {
    if (!dataDir) throw new Error('an e2e data dir is not set (see playwright.config.ts)');
    return dataDir;
  });
}

/**
 * The e2e servers have no SMTP_URL, so their mail lands as .eml files in DATA_DIR/outbox. Returns
 * what `pick` finds in the newest mail it finds anything in, waiting for it up to `timeoutMs`; in
 * the outboxes of the config's servers, or of the servers whose `dataDirs` a spec names (its own).
 */
async function findInOutbox<T>(
  pick: (raw: string) => T | undefined,
  what: string,
  {
    timeoutMs = 10_000,
    dataDirs = e2eDataDirs(),
  }: { timeoutMs?: number; dataDirs?: string[] } = {},
): Promise<T> {
  const outboxes = dataDirs.map((dataDir) => path.join(dataDir, 'outbox'));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const outbox of outboxes) {
      const files = (await readdir(outbox).catch(() => [])).sort().reverse();
      for (const file of files) {
        const found = pick(await readFile(path.join(outbox, file), 'utf8'));
        if (found !== undefined) return found;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${what} in ${outboxes.join(' or ')}`);
}

export const latestCodeFor = (
  email: string,
  timeoutMs?: number,
  dataDirs?: string[],
): Promise<string> =>
  findInOutbox(
    (raw) => (raw.includes(`To: ${email}`) ? /sign-in code is (\d{6})/.exec(raw)?.[1] : undefined),
    `code for ${email}`,
    { timeoutMs, dataDirs },
  );

/** The whole mail (headers and body) whose text contains `text`. */
export const mailContaining = (text: string): Promise<string> =>
  findInOutbox((raw) => (raw.includes(text) ? raw : undefined), `mail containing "${text}"`);
