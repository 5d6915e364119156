import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from '../src/decode.js';
import { resolveFfmpeg } from '../src/ffmpeg.js';
import type { FfmpegInfo } from '../src/ffmpeg.js';
import { previewOutline } from '../src/preview.js';
import { renderVideo } from '../src/render.js';
import { scenePng } from './fixtures.js';
import { frameSink, freshDir, isEmptyDir } from './helpers.js';

let ffmpeg: FfmpegInfo;
let png: Buffer;

beforeAll(async () => {
  ffmpeg = await resolveFfmpeg();
  png = await scenePng(80, 60);
});

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A small PNG file whose header claims width x height; the pixel data is a 1000-byte stub, so
 * decoding any but the tiniest claimed size fails on the missing rows.
 */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const render = (over: Record<string, unknown>) =>
  renderVideo({ input: png, output: '/tmp/rasma-never.mp4', longSide: 64, ffmpeg, ...over });

describe('bad input gives a typed error', () => {
  it.each([
    ['text that is not an image', Buffer.from('hello, this is not a picture at all')],
    ['an empty (0-byte) file', Buffer.alloc(0)],
  ])('%s: NOT_AN_IMAGE', async (_name, input) => {
    await expect(decodeImage(input)).rejects.toMatchObject({ code: 'NOT_AN_IMAGE' });
    await expect(render({ input })).rejects.toMatchObject({ code: 'NOT_AN_IMAGE' });
  });

  it('a truncated image: NOT_AN_IMAGE', async () => {
    const jpeg = await (await import('sharp')).default(png).jpeg().toBuffer();
    for (const cut of [
      png.subarray(0, Math.floor(png.length / 2)),
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
    ]) {
      await expect(render({ input: cut })).rejects.toMatchObject({ code: 'NOT_AN_IMAGE' });
    }
  });

  it('a 0-byte file on disk: NOT_AN_IMAGE', async () => {
    const file = join(await freshDir(), 'empty.png');
    await writeFile(file, '');
    await expect(render({ input: file })).rejects.toMatchObject({ code: 'NOT_AN_IMAGE' });
  });

  it('an image over 50 megapixels: IMAGE_TOO_LARGE from its header, before decoding', async () => {
    // Decoding the stub pixel data reports a damaged image...
    await expect(decodeImage(pngClaiming(300, 200))).rejects.toMatchObject({
      code: 'NOT_AN_IMAGE',
    });
    // ...so a refusal naming the size the header claims was made without decoding.
    const error = await decodeImage(pngClaiming(10_000, 6_000)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    expect((error as Error).message).toContain('10000x6000');
    await expect(previewOutline(pngClaiming(8_000, 8_000))).rejects.toMatchObject({
      code: 'IMAGE_TOO_LARGE',
    });
  });

  it.each([
    [
      'a zone with no points',
      {
        strokeMasks: [
          { id: '1', points: [], brushSize: 20, direction: 'Left to right', fillLevel: 50 },
        ],
      },
      'strokeMasks.0.points',
    ],
    ['a NaN drawing time', { drawingTime: Number.NaN }, 'drawingTime'],
    ['a drawing time over 100', { drawingTime: 101 }, 'drawingTime'],
    ['a fractional drawing time', { drawingTime: 1.5 }, 'drawingTime'],
    ['a grayscale level over 255', { grayscaleLevel: 300 }, 'grayscaleLevel'],
    [
      'a fill level over 100',
      { strokeMasks: [{ id: '1', points: [{ x: 1, y: 1 }], brushSize: 20, fillLevel: 150 }] },
      'fillLevel',
    ],
    [
      'a NaN point',
      { strokeMasks: [{ id: '1', points: [{ x: Number.NaN, y: 1 }], brushSize: 20 }] },
      'points.0.x',
    ],
    ['an unknown model', { aiModel: 'rasma-ultra' }, 'aiModel'],
    ['an unknown direction', { direction: 'Diagonal' }, 'direction'],
    ['an unsupported size', { size: 1000 }, 'size'],
  ])('%s: INVALID_OPTIONS naming the field', async (_name, options, field) => {
    const error = await render({ options }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_OPTIONS' });
    expect((error as Error).message).toContain(field);
  });

  it('a missing input file: IO_ERROR naming the file, and no output', async () => {
    const dir = await freshDir();
    const input = join(dir, 'gone.jpg');
    const error = await render({ input, output: join(dir, 'out.mp4') }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'IO_ERROR' });
    expect((error as Error).message).toContain(input);
    expect(await isEmptyDir(dir)).toBe(true);
  });

  it('ffmpeg missing: FFMPEG_MISSING', async () => {
    await expect(resolveFfmpeg({ ffmpegPath: '/nonexistent/ffmpeg' })).rejects.toMatchObject({
      code: 'FFMPEG_MISSING',
    });
    const missing = { path: '/nonexistent/ffmpeg', source: 'FFMPEG_PATH' as const, version: '?' };
    await expect(render({ ffmpeg: missing, options: { drawingTime: 1 } })).rejects.toMatchObject({
      code: 'FFMPEG_MISSING',
    });
  });

  it('ffmpeg failing: FFMPEG_FAILED with the tail of its stderr', async () => {
    const error = await render({ preset: 'no-such-preset', options: { drawingTime: 1 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'FFMPEG_FAILED' });
    expect((error as Error).message).toMatch(/preset/i);
  });

  it('ffmpeg dying mid-stream: FFMPEG_FAILED with its last words, no output, no temp files', async () => {
    const dir = await freshDir();
    const temp = await freshDir();
    // Reads about four frames, complains and exits with 1.
    const dying = join(dir, 'dying-ffmpeg');
    const script = 'head -c 20000 > /dev/null\necho "No space left on device" >&2\nexit 1\n';
    await writeFile(dying, `#!/bin/sh\n${script}`, { mode: 0o755 });
    const error = await render({
      ffmpeg: { path: dying, source: 'FFMPEG_PATH', version: '?' },
      output: join(dir, 'out.mp4'),
      tempDir: temp,
      options: { drawingTime: 2 },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'FFMPEG_FAILED' });
    expect((error as Error).message).toContain('exit code 1');
    expect((error as Error).message).toContain('No space left on device');
    expect(await readdir(dir)).toEqual(['dying-ffmpeg']);
    expect(await isEmptyDir(temp)).toBe(true);
  });

  it('a render failing while its thumbnail is written waits for it: no temp files, no stray error', async () => {
    const temp = await freshDir();
    const stray: unknown[] = [];
    const onStray = (reason: unknown) => stray.push(reason);
    process.on('unhandledRejection', onStray);
    try {
      await expect(
        render({
          input: await scenePng(1200, 900),
          output: join(temp, 'never.mp4'),
          longSide: 1200,
          tempDir: temp,
          options: { drawingTime: 1 },
          // The encoder refuses the first frame, while sharp is still writing the thumbnail.
          sink: frameSink(() => Promise.reject(new Error('disk full'))),
        }),
      ).rejects.toThrow('disk full');
      // A write still going on would fail after the temp directory was removed.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stray).toEqual([]);
      expect(await isEmptyDir(temp)).toBe(true);
    } finally {
      process.off('unhandledRejection', onStray);
    }
  });
});

describe('the input image is never written over', () => {
  it('puts a default thumbnail that would land on the input beside it, and refuses outputs on it', async () => {
    const dir = await freshDir();
    const input = join(dir, 'photo.jpg');
    const photo = await (await import('sharp')).default(png).jpeg().toBuffer();
    await writeFile(input, photo);
    const result = await render({
      input,
      output: join(dir, 'photo.mp4'),
      options: { drawingTime: 1 },
    });
    expect(result.thumbnail).toBe(join(dir, 'photo.thumbnail.jpg'));
    expect(await readFile(input)).toEqual(photo);
    for (const over of [
      { output: input },
      { output: join(dir, 'other.mp4'), thumbnail: input },
      { output: join(dir, 'same.mp4'), thumbnail: join(dir, 'same.mp4') },
    ]) {
      await expect(render({ input, ...over })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    }
    expect(await readFile(input)).toEqual(photo);
  });
});
