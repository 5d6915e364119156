/**
 * One ffmpeg run that reads files and writes files (the sound's checks and passes), stopped by a
 * signal or a timeout. The frame encoder, fed on stdin, is `encoder.ts`.
 */
import { spawn } from 'node:child_process';
import { ffmpegEnv } from './encoder.js';
import { EngineError } from './errors.js';

export interface FfmpegRunOptions {
  /** Aborting kills ffmpeg; the run then fails with CANCELLED once the process has ended. */
  signal?: AbortSignal | undefined;
  /** Kills ffmpeg after this long; the run then fails with FFMPEG_FAILED. */
  timeoutMs?: number;
  /** Receives what ffmpeg writes to stdout (`pipe:1`), chunk by chunk; without it stdout is dropped. */
  onStdout?: (chunk: Buffer) => void;
}

export interface FfmpegOutcome {
  /** ffmpeg's exit code; null when it ended by a signal. */
  exitCode: number | null;
  /** The end of what it wrote to stderr (`STDERR_KEPT` characters). */
  stderr: string;
}

/** Enough of stderr for the last lines and a filter's summary at the end (loudnorm's JSON). */
const STDERR_KEPT = 16_000;

/**
 * Runs ffmpeg (`-hide_banner -nostdin` before `args`) and resolves how it ended, whatever its exit
 * code; rejects only when it cannot start, is cancelled or times out, always after it has ended.
 */
export function runFfmpeg(
  ffmpegPath: string,
  args: readonly string[],
  { signal, timeoutMs, onStdout }: FfmpegRunOptions = {},
): Promise<FfmpegOutcome> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelledRun());
    const child = spawn(ffmpegPath, ['-hide_banner', '-nostdin', ...args], {
      stdio: ['ignore', onStdout ? 'pipe' : 'ignore', 'pipe'],
      env: ffmpegEnv(),
    });
    let stderr = '';
    let stopped: EngineError | undefined;
    const stop = (reason: EngineError) => {
      stopped ??= reason;
      child.kill('SIGKILL');
    };
    const onAbort = () => stop(cancelledRun());
    signal?.addEventListener('abort', onAbort);
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(
            () =>
              stop(
                new EngineError('FFMPEG_FAILED', `ffmpeg took longer than ${timeoutMs / 1000} s.`),
              ),
            timeoutMs,
          );
    child.stdout?.on('data', (chunk: Buffer) => onStdout?.(chunk));
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    child.once('error', (error: NodeJS.ErrnoException) => {
      finish();
      reject(
        error.code === 'ENOENT'
          ? new EngineError('FFMPEG_MISSING', `ffmpeg was not found at ${ffmpegPath}.`, {
              cause: error,
            })
          : new EngineError('FFMPEG_FAILED', `ffmpeg could not start: ${error.message}`, {
              cause: error,
            }),
      );
    });
    child.once('close', (exitCode) => {
      finish();
      if (stopped) reject(stopped);
      else resolve({ exitCode, stderr });
    });
  });
}

const cancelledRun = () => new EngineError('CANCELLED', 'Cancelled: ffmpeg was stopped.');

/** The last lines of ffmpeg's stderr, for an error message. */
const stderrTail = (stderr: string, lines = 5): string =>
  stderr.trim().split('\n').slice(-lines).join('\n');

/**
 * Runs ffmpeg as `runFfmpeg` does and resolves its stderr; a non-zero exit throws EngineError
 * FFMPEG_FAILED: `failure`, then the end of its stderr.
 */
export async function runFfmpegOrFail(
  ffmpegPath: string,
  args: readonly string[],
  options: FfmpegRunOptions,
  failure: string,
): Promise<string> {
  const { exitCode, stderr } = await runFfmpeg(ffmpegPath, args, options);
  if (exitCode !== 0) throw new EngineError('FFMPEG_FAILED', `${failure}: ${stderrTail(stderr)}`);
  return stderr;
}
