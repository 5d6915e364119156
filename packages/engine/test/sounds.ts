/**
 * Sounds the tests make with ffmpeg (tones, clicks, speech-like noise with pauses), and what they
 * measure of a video's sound: its samples, loudness, onsets and the level of one tone in it.
 */
import { execFile } from 'node:child_process';

/** Runs ffmpeg; what it wrote to stdout, and to stderr. */
export function ffmpegRun(
  ffmpegPath: string,
  args: readonly string[],
): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      ffmpegPath,
      ['-hide_banner', '-nostdin', ...args],
      { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`ffmpeg ${args.join(' ')}: ${stderr.toString()}`));
        else resolve({ stdout, stderr: stderr.toString() });
      },
    );
  });
}

export interface SoundSpec {
  /** An `aevalsrc` expression of `t` (seconds), one per channel joined by `|`. */
  expr: string;
  seconds: number;
  rate?: number;
  /** Output options: the codec, channels; the format follows the file's extension. */
  args?: readonly string[];
}

/** Writes the sound to `file`. */
export async function makeSound(
  ffmpegPath: string,
  file: string,
  { expr, seconds, rate = 48_000, args = [] }: SoundSpec,
): Promise<string> {
  await ffmpegRun(ffmpegPath, [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `aevalsrc='${expr}':s=${rate}:d=${seconds}`,
    ...args,
    '-y',
    file,
  ]);
  return file;
}

/** A sine of `hz` at `amplitude` (of full scale). */
export const tone = (hz: number, amplitude: number) => `${amplitude}*sin(2*PI*${hz}*t)`;

/** 1 within each `[from, to)` span of seconds, else 0. */
export const during = (spans: readonly (readonly [number, number])[]) =>
  `(${spans.map(([from, to]) => `between(t,${from},${to - 1e-6})`).join('+')})`;

/** Clicks: 4 ms bursts of 3 kHz under a Hann window, starting at `times`. */
export const clicks = (times: readonly number[], amplitude = 0.8) =>
  times
    .map(
      (at) =>
        `between(t,${at},${at + 0.004})*${amplitude}*sin(2*PI*3000*(t-${at}))*(0.5-0.5*cos(2*PI*(t-${at})/0.004))`,
    )
    .join('+');

/**
 * Speech-like: noise swelling four times a second (syllables), while `spans`; silence between
 * (the pauses). `amplitude` is its peak.
 */
export const speech = (spans: readonly (readonly [number, number])[], amplitude: number) =>
  `(random(0)*2-1)*${amplitude}*(0.55+0.45*sin(2*PI*4*t))*${during(spans)}`;

export const SOUND_RATE = 48_000;

/**
 * A video's sound as a player hears it: decoded (its edit list applied), timed from the video's
 * start (`first_pts=0` pads any late start), mono, 48 kHz.
 */
export async function soundOf(ffmpegPath: string, video: string): Promise<Float32Array> {
  const { stdout } = await ffmpegRun(ffmpegPath, [
    '-loglevel',
    'error',
    '-i',
    video,
    '-map',
    '0:a:0',
    '-af',
    'aresample=async=1:first_pts=0',
    '-ac',
    '1',
    '-ar',
    String(SOUND_RATE),
    '-f',
    'f32le',
    'pipe:1',
  ]);
  return new Float32Array(stdout.buffer, stdout.byteOffset, stdout.length / 4);
}

/** Whether the file has an audio stream (ffmpeg's listing of its streams). */
export async function hasAudioStream(ffmpegPath: string, file: string): Promise<boolean> {
  // With no output ffmpeg lists the input and exits 1: its listing is in the error.
  const listing = await ffmpegRun(ffmpegPath, ['-i', file]).then(
    ({ stderr }) => stderr,
    (error: Error) => error.message,
  );
  return / Audio: /.test(listing);
}

/**
 * Where sounds start: the times at which the sound's change from sample to sample (which passes
 * clicks and speech, not a low music bed) first reaches half its greatest, after 0.2 s without.
 */
export function onsets(samples: Float32Array): number[] {
  let max = 0;
  for (let i = 1; i < samples.length; i++)
    max = Math.max(max, Math.abs(samples[i]! - samples[i - 1]!));
  const found: number[] = [];
  let last = -Infinity;
  for (let i = 1; i < samples.length; i++) {
    if (Math.abs(samples[i]! - samples[i - 1]!) < max / 2) continue;
    if (i - last > 0.2 * SOUND_RATE) found.push(i / SOUND_RATE);
    last = i;
  }
  return found;
}

/** The amplitude (dB of full scale) of the `hz` component of the sound from `from` to `to` s. */
export function toneLevel(samples: Float32Array, hz: number, from: number, to: number): number {
  const start = Math.round(from * SOUND_RATE);
  const end = Math.round(to * SOUND_RATE);
  // Goertzel's filter at hz.
  const coefficient = 2 * Math.cos((2 * Math.PI * hz) / SOUND_RATE);
  let previous = 0;
  let before = 0;
  for (let i = start; i < end; i++) {
    const s = samples[i]! + coefficient * previous - before;
    before = previous;
    previous = s;
  }
  const power = previous * previous + before * before - coefficient * previous * before;
  return 20 * Math.log10((2 * Math.sqrt(power)) / (end - start));
}
