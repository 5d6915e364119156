/**
 * The operator's list of settings (docs/deploy.md, which the README points to) names every setting
 * the server reads, so a new one cannot be added without saying what it does.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../src/config.js';

/** Read by the S3 SDK and by Node (the render's scratch disk), not by the config schema. */
const READ_ELSEWHERE = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'TMPDIR'];

describe('docs/deploy.md', () => {
  it('lists every setting the server reads in its Settings table, and nothing else', async () => {
    const doc = await readFile(
      path.resolve(import.meta.dirname, '../../../docs/deploy.md'),
      'utf8',
    );
    const section = /^## Settings\n([\s\S]*?)^#/m.exec(doc)?.[1] ?? '';
    const firstCells = [...section.matchAll(/^\| ([^|]+)\|/gm)].map((m) => m[1] ?? '');
    const named = firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)]);
    expect(named.map((m) => m[1]).sort()).toEqual(
      [...Object.keys(envSchema.shape), ...READ_ELSEWHERE].sort(),
    );
  });
});
