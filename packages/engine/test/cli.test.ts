import { execFile } from 'node:child_process';
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mp4Duration } from '../src/video-file.js';
import { scenePng } from './fixtures.js';
import { freshDir } from './helpers.js';

const BIN = new URL('../bin/rasma.js', import.meta.url).pathname;

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('rasma CLI', () => {
  it('renders an image with zones, prints progress lines and a contact sheet', async () => {
    const dir = await freshDir();
    const input = join(dir, 'in.png');
    await writeFile(input, await scenePng(160, 120));
    const zones = join(dir, 'zones.json');
    const mask = {
      id: '1',
      points: [{ x: 40, y: 80 }],
      brushSize: 35,
      direction: 'Top to bottom',
      fillLevel: 60,
    };
    await writeFile(zones, JSON.stringify([mask]));
    const output = join(dir, 'out.mp4');
    const sheet = join(dir, 'sheet.png');
    const args = ['render', input, '-o', output, '--time', '1', '--size', '1280'];
    const result = await run([
      ...args,
      '--zones',
      zones,
      '--direction',
      'Top to bottom',
      '--contact-sheet',
      sheet,
    ]);
    expect(result.stderr).toContain('ffmpeg:');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^100%$/m);
    expect(await mp4Duration(output)).toBeCloseTo(3, 1);
    expect((await stat(sheet)).size).toBeGreaterThan(1000);
  });

  it('reports bad options with the error code and a non-zero exit', async () => {
    const result = await run([
      'render',
      'nothing.png',
      '-o',
      '/tmp/x.mp4',
      '--model',
      'rasma-ultra',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('INVALID_OPTIONS');
    expect(result.stderr).toContain('aiModel');
  });
});
