import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The e2e server has no SMTP_URL, so its mail lands as .eml files in DATA_DIR/outbox. */
export async function latestCodeFor(email: string, timeoutMs = 10_000): Promise<string> {
  const dataDir = process.env.RASMA_E2E_DATA_DIR;
  if (!dataDir) throw new Error('RASMA_E2E_DATA_DIR is not set (see playwright.config.ts)');
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(outbox).catch(() => [])).sort().reverse();
    for (const file of files) {
      const raw = await readFile(path.join(outbox, file), 'utf8');
      if (!raw.includes(`To: ${email}`)) continue;
      const code = /sign-in code is (\d{6})/.exec(raw)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code for ${email} in ${outbox}`);
}
