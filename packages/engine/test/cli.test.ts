import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HANDS } from '@rasma/contract/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { RENDER_MALLOC_ENV, RENDER_NODE_FLAGS } from '../src/allocator.js';
import { resolveFfmpeg } from '../src/ffmpeg.js';
import { extractFrame, probeVideo } from '../src/video-file.js';
import { scenePng } from './fixtures.js';
import { freshDir } from './helpers.js';
import { hasAudioStream, makeSound, tone } from './sounds.js';

const BIN = new URL('../bin/rasma.js', import.meta.url).pathname;
/** The CLI's temp dir (its render's and tsx's cache), removed after the tests. */
let temp: string;

beforeAll(async () => {
  temp = await freshDir();
});

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, TMPDIR: temp };
    // Run as a user runs it: through its #! line.
    execFile(BIN, args, { env }, (error, stdout, stderr) => {
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
    // 1 s of drawing and the 2 s hold at 30 fps, at 720p: 720 lines of the 4:3 picture.
    const { path } = await resolveFfmpeg();
    expect(await probeVideo(path, output)).toEqual({
      width: 960,
      height: 720,
      frames: 90,
      durationSeconds: 3,
    });
    expect((await stat(sheet)).size).toBeGreaterThan(1000);
  });

  it('runs with the render malloc settings and node flags, set in its #! line', async () => {
    const [shebang] = (await readFile(BIN, 'utf8')).split('\n');
    const settings = Object.entries(RENDER_MALLOC_ENV).map(([name, value]) => `${name}=${value}`);
    expect(shebang).toBe(
      `#!/usr/bin/env -S ${settings.join(' ')} node ${RENDER_NODE_FLAGS.join(' ')}`,
    );
  });

  it('draws with the pen alone or with nothing as --hand says, and refuses any other hand', async () => {
    const dir = await freshDir();
    const input = join(dir, 'in.png');
    await writeFile(input, await scenePng(160, 120));
    const { path } = await resolveFfmpeg();
    // Half-way through the drawing, while the pen is on the page.
    const frameWith = async (hand: string) => {
      const output = join(dir, `${hand}.mp4`);
      const args = ['render', input, '-o', output, '--time', '1', '--size', '1280'];
      const result = await run([...args, '--hand', hand]);
      expect(result.stderr).not.toContain('rasma:');
      expect(result.code).toBe(0);
      return extractFrame(path, output, 0.5);
    };
    const pen = await frameWith('pen');
    const none = await frameWith('none');
    // No skin or sleeve in either: nothing in them is coloured (the drawing and the pen are grey).
    const colourful = (rgb: Buffer) => {
      let count = 0;
      for (let i = 0; i < rgb.length; i += 3)
        if (
          Math.max(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!) -
            Math.min(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!) >
          40
        )
          count++;
      return count;
    };
    expect(colourful(pen)).toBe(0);
    expect(colourful(none)).toBe(0);
    // The same drawing, with the pen on it in one and nothing in the other.
    let penPixels = 0;
    for (let i = 0; i < pen.length; i += 3) if (none[i]! - pen[i]! > 60) penPixels++;
    expect(penPixels).toBeGreaterThan(200);

    const refused = await run(['render', input, '-o', join(dir, 'x.mp4'), '--hand', 'glove']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `rasma: Invalid option hand: Invalid option: expected one of ${HANDS.map((hand) => `"${hand}"`).join('|')} [INVALID_OPTIONS]`,
    );
    expect(existsSync(join(dir, 'x.mp4'))).toBe(false);
  });

  it('adds a voice-over trimmed as --audio says: the video lasts it, with its sound', async () => {
    const dir = await freshDir();
    const input = join(dir, 'in.png');
    await writeFile(input, await scenePng(160, 120));
    const { path } = await resolveFfmpeg();
    const voice = await makeSound(path, join(dir, 'voice.wav'), {
      expr: tone(300, 0.3),
      seconds: 5,
    });
    const audio = join(dir, 'audio.json');
    await writeFile(audio, JSON.stringify({ voice: { trimStart: 0.5 } }));
    const output = join(dir, 'voiced.mp4');
    const args = ['render', input, '-o', output, '--time', '1', '--voice', voice, '--audio', audio];
    const result = await run(args);
    expect(result.stderr).toMatch(/^sound: voice 4\.5 s; /m);
    expect(result.code).toBe(0);
    // 4.5 s of voice and its half-second tail: 5 s, 150 frames.
    expect(await probeVideo(path, output)).toMatchObject({ frames: 150, durationSeconds: 5 });
    expect(await hasAudioStream(path, output)).toBe(true);
  });

  it('makes the formats --export names beside the MP4, and refuses an unknown one', async () => {
    const dir = await freshDir();
    const input = join(dir, 'in.png');
    await writeFile(input, await scenePng(160, 120));
    const output = join(dir, 'out.mp4');
    const args = ['render', input, '-o', output, '--time', '1', '--size', '1280'];
    const result = await run([...args, '--export', 'webm,gif,webm-alpha']);
    expect(result.code).toBe(0);
    const { path } = await resolveFfmpeg();
    const mp4 = await probeVideo(path, output);
    for (const made of ['out.webm', 'out.transparent.webm', 'out.gif']) {
      expect(result.stdout).toContain(join(dir, made));
    }
    expect((await probeVideo(path, join(dir, 'out.webm'))).frames).toBe(mp4.frames);
    expect((await probeVideo(path, join(dir, 'out.transparent.webm'))).frames).toBe(mp4.frames);
    expect((await readFile(join(dir, 'out.gif'))).subarray(0, 6).toString('latin1')).toBe('GIF89a');

    const refused = await run([...args, '-o', join(dir, 'other.mp4'), '--export', 'avi']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Invalid option export: avi');
    expect(existsSync(join(dir, 'other.mp4'))).toBe(false);
  });

  it('renders a story file of a title card and a picture, and refuses a scene without one', async () => {
    const dir = await freshDir();
    await writeFile(join(dir, 'in.png'), await scenePng(160, 120));
    const title = { id: 't1', text: 'Hi', x: 0.5, y: 0.5, size: 0.2, rotation: 0, at: 'before' };
    const scenes = [
      {
        picture: 'blank',
        drawingTime: 1,
        holdSeconds: 0,
        texts: [title],
        transition: { kind: 'cut' },
      },
      { picture: 'in.png', drawingTime: 1, holdSeconds: 1 },
    ];
    const story = join(dir, 'story.json');
    await writeFile(story, JSON.stringify({ scenes }));
    const output = join(dir, 'story.mp4');
    const result = await run(['story', story, '-o', output, '--size', '1280']);
    expect(result.stderr).not.toContain('rasma:');
    expect(result.code).toBe(0);
    // Two seconds of drawing, one of hold, and a cut (no time): 3 s at 30 fps.
    const { path } = await resolveFfmpeg();
    expect(await probeVideo(path, output)).toMatchObject({ frames: 90, durationSeconds: 3 });

    for (const [picture, reason] of [
      [undefined, 'scene 2 of ' + story + ' has no "picture"'],
      ['in.pgn', `its picture ${join(dir, 'in.pgn')} is not a file`],
    ] as const) {
      const broken = scenes.map((scene, i) => (i === 1 ? { ...scene, picture } : scene));
      await writeFile(story, JSON.stringify({ scenes: broken }));
      const refused = await run(['story', story, '-o', join(dir, 'x.mp4')]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(reason);
      expect(refused.stderr).toContain('[INVALID_OPTIONS]');
      expect(existsSync(join(dir, 'x.mp4'))).toBe(false);
    }
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
