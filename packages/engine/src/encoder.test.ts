import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FFMPEG_MALLOC_ENV, RENDER_MALLOC_ENV } from './allocator.js';
import { FfmpegEncoder, ffmpegArgs } from './encoder.js';

describe('ffmpegArgs', () => {
  const settings = {
    width: 1920,
    height: 1440,
    fps: 30,
    frames: 465,
    holdFrames: 45,
    preset: 'veryfast',
    tuning: 'no-deblock=1',
    crf: 20,
    output: '/tmp/x.mp4',
  };

  it('reads raw yuv420p frames from stdin and writes a faststart H.264 MP4', () => {
    const args = ffmpegArgs(settings);
    const after = (flag: string) => args[args.indexOf(flag) + 1];
    expect(after('-f')).toBe('rawvideo');
    expect(after('-pix_fmt')).toBe('yuv420p');
    expect(after('-s:v')).toBe('1920x1440');
    expect(after('-framerate')).toBe('30');
    expect(after('-i')).toBe('pipe:0');
    expect(after('-c:v')).toBe('libx264');
    expect(after('-preset')).toBe('veryfast');
    expect(after('-crf')).toBe('20');
    expect(after('-movflags')).toBe('+faststart');
    expect(args.lastIndexOf('-pix_fmt')).toBeGreaterThan(args.indexOf('-i'));
    expect(args.at(-1)).toBe('/tmp/x.mp4');
  });

  it("places key frames itself and adds the tuning to x264's options, when there is one", () => {
    const x264 = (s: typeof settings) => {
      const args = ffmpegArgs(s);
      return args[args.indexOf('-x264-params') + 1];
    };
    expect(x264(settings)).toBe('keyint=infinite:scenecut=0:no-deblock=1');
    expect(x264({ ...settings, tuning: '' })).toBe('keyint=infinite:scenecut=0');
  });

  it('lets ffmpeg make the hold by repeating the last frame, only when there is one', () => {
    expect(ffmpegArgs(settings)).toContain('tpad=stop_mode=clone:stop=45');
    expect(ffmpegArgs({ ...settings, holdFrames: 0 }).join(' ')).not.toContain('tpad');
  });
});

describe('FfmpegEncoder', () => {
  it("starts ffmpeg with its own malloc settings, not the rendering process's", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rasma-encoder-'));
    try {
      // A stand-in for ffmpeg that writes down the environment it was started with.
      const fake = join(dir, 'ffmpeg');
      await writeFile(fake, '#!/bin/sh\nenv > "$1"\n');
      await chmod(fake, 0o755);
      const inherited = { ...RENDER_MALLOC_ENV, RASMA_ENCODER_TEST: 'kept' };
      for (const [name, value] of Object.entries(inherited)) vi.stubEnv(name, value);
      const encoder = new FfmpegEncoder(fake, [join(dir, 'env.txt')]);
      await encoder.start();
      await encoder.finish();
      const env = `\n${await readFile(join(dir, 'env.txt'), 'utf8')}`;
      for (const [name, value] of Object.entries(FFMPEG_MALLOC_ENV)) {
        expect(env).toContain(`\n${name}=${value}\n`);
      }
      expect(env).toContain('\nRASMA_ENCODER_TEST=kept\n');
    } finally {
      vi.unstubAllEnvs();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
