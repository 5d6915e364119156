/** Finding ffmpeg: FFMPEG_PATH (passed in), then `ffmpeg` on the PATH, then the bundled binary. */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { EngineError } from './errors.js';
import { memoize } from './memo.js';

export interface FfmpegInfo {
  path: string;
  source: 'FFMPEG_PATH' | 'PATH' | 'bundled';
  version: string;
}

export interface ResolveFfmpegOptions {
  /** Value of the FFMPEG_PATH variable, if the caller has one (the engine reads no environment). */
  ffmpegPath?: string | undefined;
  /** Skip the PATH lookup (tests). */
  skipPath?: boolean;
}

/** Runs `<path> -version`; resolves the version string, or null when it cannot run. */
function ffmpegVersion(path: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(path, ['-hide_banner', '-version'], { timeout: 10_000 }, (error, stdout) => {
      if (error) return resolve(null);
      const match = /ffmpeg version (\S+)/.exec(stdout);
      resolve(match?.[1] ?? 'unknown');
    });
  });
}

function bundledPath(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const mod = require('@ffmpeg-installer/ffmpeg') as { path?: string };
    return mod.path ?? null;
  } catch {
    return null;
  }
}

const cache = new Map<string, Promise<FfmpegInfo>>();

/** Finds a working ffmpeg or throws EngineError FFMPEG_MISSING. Cached per argument. */
export function resolveFfmpeg(options: ResolveFfmpegOptions = {}): Promise<FfmpegInfo> {
  const key = `${options.ffmpegPath ?? ''}|${options.skipPath ? 1 : 0}`;
  return memoize(cache, key, () => findFfmpeg(options));
}

async function findFfmpeg(options: ResolveFfmpegOptions): Promise<FfmpegInfo> {
  if (options.ffmpegPath) {
    const version = await ffmpegVersion(options.ffmpegPath);
    if (version) return { path: options.ffmpegPath, source: 'FFMPEG_PATH', version };
    throw new EngineError(
      'FFMPEG_MISSING',
      `FFMPEG_PATH is set to ${options.ffmpegPath}, which does not run as ffmpeg.`,
    );
  }
  if (!options.skipPath) {
    const version = await ffmpegVersion('ffmpeg');
    if (version) return { path: 'ffmpeg', source: 'PATH', version };
  }
  const bundled = bundledPath();
  if (bundled) {
    const version = await ffmpegVersion(bundled);
    if (version) return { path: bundled, source: 'bundled', version };
  }
  throw new EngineError(
    'FFMPEG_MISSING',
    'ffmpeg was not found: set FFMPEG_PATH, put ffmpeg on the PATH, or reinstall @ffmpeg-installer/ffmpeg.',
  );
}
