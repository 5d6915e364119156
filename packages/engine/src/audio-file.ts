/**
 * Audio files: read whole with ffmpeg and checked against the contract's `AUDIO_LIMITS`
 * (`readAudioFile`), and kept as `STORED_AUDIO` (`storeAudioFile`, for the server's uploads).
 */
import { open, rename, rm } from 'node:fs/promises';
import { AUDIO_LIMITS, AUDIO_MESSAGES, STORED_AUDIO } from '@rasma/contract/audio';
import { EngineError } from './errors.js';
import type { EngineErrorCode } from './errors.js';
import type { FfmpegInfo } from './ffmpeg.js';
import { resolveFfmpeg } from './ffmpeg.js';
import { runFfmpeg, runFfmpegOrFail } from './ffmpeg-run.js';
import { loudnessSummary } from './loudness.js';

export interface AudioFileInfo {
  /** The length of what decodes, sample by sample (never the header's claim). */
  durationSeconds: number;
  channels: number;
  sampleRate: number;
  /** ffmpeg's name of the codec: mp3, aac, pcm_s16le, opus, vorbis, flac... */
  codec: string;
}

/** An audio file read and checked, with ffmpeg's arguments that open it as it was read. */
export interface ReadAudio extends AudioFileInfo {
  inputArgs: string[];
  /** Its integrated loudness, LUFS (-70 when silent). */
  loudness: number;
}

export interface StoreAudioParams {
  /** The file as received. */
  input: string;
  /** Where the AAC (`STORED_AUDIO`) goes; written only when the file passed every check. */
  output: string;
  /** A resolved ffmpeg; found automatically when absent. */
  ffmpeg?: FfmpegInfo;
  signal?: AbortSignal;
}

/**
 * Each ffmpeg run on an audio file is killed after this long: decoding 5 minutes of any format
 * takes 1-2 s here, encoding them as AAC 3-6 s.
 */
const AUDIO_RUN_TIMEOUT_MS = 60_000;
/**
 * ffmpeg's largest single allocation (`-max_alloc`): a file at most `AUDIO_LIMITS.maxBytes` long
 * needs far less (its packets, a cover picture); a file built to make a demuxer allocate more is
 * refused rather than read. With one audio stream decoded as it streams, this bounds its memory.
 */
const MAX_ALLOC_BYTES = 64 * 1024 * 1024;
/** Decoding stops this long past the limit: enough to know a file is too long, however long. */
const PAST_LIMIT_SECONDS = 1;

/**
 * Reads the file's first audio stream whole (its real decoded length: a WAV header's length is
 * ignored, and decoding stops just past `AUDIO_LIMITS.maxSeconds`) and checks it. Throws
 * EngineError NOT_AUDIO when there is no audio stream ffmpeg reads, or it reports the file broken
 * or cut short (any error while reading: a truncated M4A, FLAC, WebM or WAV; an MP3 cut short
 * decodes cleanly up to the cut and passes as the shorter file it is), AUDIO_CHANNELS,
 * AUDIO_SAMPLE_RATE, AUDIO_TOO_LONG or AUDIO_TOO_SHORT with the contract's messages, IO_ERROR when
 * the file cannot be opened.
 */
export async function readAudioFile(
  ffmpegPath: string,
  input: string,
  signal?: AbortSignal,
): Promise<ReadAudio> {
  const opening = inputArgs(input, await isWav(input));
  const header = new WavStream();
  const { exitCode, stderr } = await runFfmpeg(
    ffmpegPath,
    [
      '-loglevel',
      'level+info',
      '-nostats',
      '-max_alloc',
      String(MAX_ALLOC_BYTES),
      ...opening,
      // Its loudness, measured on the way (the mix keys its ducking by the voice's), on a branch
      // of its own: ebur128 hands on its sound at 48 kHz, and the WAV tells the file's own rate.
      '-filter_complex',
      '[0:a:0]asplit=2[read][measured];[measured]ebur128=framelog=verbose,anullsink',
      '-map',
      '[read]',
      '-t',
      String(AUDIO_LIMITS.maxSeconds + PAST_LIMIT_SECONDS),
      '-c:a',
      'pcm_s16le',
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      '-f',
      'wav',
      'pipe:1',
    ],
    { signal, timeoutMs: AUDIO_RUN_TIMEOUT_MS, onStdout: (chunk) => header.push(chunk) },
  );
  const format = header.format;
  const broken = /^\[(error|fatal|panic)\]|\] \[(error|fatal|panic)\]/m.test(stderr);
  if (exitCode !== 0 || broken || !format) throw refusal('NOT_AUDIO');
  const info: AudioFileInfo = {
    durationSeconds: header.dataBytes / format.blockAlign / format.sampleRate,
    channels: format.channels,
    sampleRate: format.sampleRate,
    codec: /Stream #0:\d+.*?: Audio: (\w+)/.exec(stderr)?.[1] ?? 'unknown',
  };
  checkLimits(info);
  return { ...info, inputArgs: opening, loudness: loudnessSummary(stderr).integrated };
}

function checkLimits({ channels, sampleRate, durationSeconds }: AudioFileInfo): void {
  if (channels > AUDIO_LIMITS.maxChannels) throw refusal('AUDIO_CHANNELS');
  if (sampleRate < AUDIO_LIMITS.sampleRate.min || sampleRate > AUDIO_LIMITS.sampleRate.max)
    throw refusal('AUDIO_SAMPLE_RATE');
  if (durationSeconds > AUDIO_LIMITS.maxSeconds) throw refusal('AUDIO_TOO_LONG');
  if (durationSeconds < AUDIO_LIMITS.minSeconds) throw refusal('AUDIO_TOO_SHORT');
}

const REFUSAL_MESSAGES = {
  NOT_AUDIO: AUDIO_MESSAGES.notAudio,
  AUDIO_CHANNELS: AUDIO_MESSAGES.channels,
  AUDIO_SAMPLE_RATE: AUDIO_MESSAGES.sampleRate,
  AUDIO_TOO_LONG: AUDIO_MESSAGES.tooLong,
  AUDIO_TOO_SHORT: AUDIO_MESSAGES.tooShort,
} as const satisfies Partial<Record<EngineErrorCode, string>>;

const refusal = (code: keyof typeof REFUSAL_MESSAGES) =>
  new EngineError(code, REFUSAL_MESSAGES[code]);

/**
 * ffmpeg's arguments that open an audio file. A WAV is read to its end whatever its header says
 * (`-ignore_length`, an option of the WAV reader alone: ffmpeg refuses it for other formats).
 */
const inputArgs = (input: string, wav: boolean): string[] => [
  ...(wav ? ['-ignore_length', '1'] : []),
  '-i',
  input,
];

/** Whether the file starts as a WAV does (RIFF, RF64 or BW64, then WAVE); IO_ERROR if unreadable. */
async function isWav(path: string): Promise<boolean> {
  let file;
  try {
    file = await open(path, 'r');
    const { buffer, bytesRead } = await file.read(Buffer.alloc(12), 0, 12, 0);
    const riff = buffer.toString('latin1', 0, 4);
    return (
      bytesRead === 12 &&
      /^(RIFF|RF64|BW64)$/.test(riff) &&
      buffer.toString('latin1', 8, 12) === 'WAVE'
    );
  } catch (error) {
    throw new EngineError('IO_ERROR', `Could not read ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    await file?.close();
  }
}

/** The WAV ffmpeg writes to stdout: its format from the header, then the bytes of samples counted. */
class WavStream {
  format: { channels: number; sampleRate: number; blockAlign: number } | undefined;
  dataBytes = 0;
  /** The header's bytes until its `data` chunk has begun. */
  private head: Buffer | undefined = Buffer.alloc(0);

  push(chunk: Buffer): void {
    if (!this.head) {
      this.dataBytes += chunk.length;
      return;
    }
    this.head = Buffer.concat([this.head, chunk]);
    // RIFF, size, WAVE; then chunks: id, size (little-endian), body.
    for (let at = 12; at + 8 <= this.head.length;) {
      const id = this.head.toString('latin1', at, at + 4);
      const size = this.head.readUInt32LE(at + 4);
      if (id === 'data') {
        this.dataBytes = this.head.length - (at + 8);
        this.head = undefined;
        return;
      }
      if (id === 'fmt ' && at + 8 + 16 <= this.head.length) {
        this.format = {
          channels: this.head.readUInt16LE(at + 10),
          sampleRate: this.head.readUInt32LE(at + 12),
          blockAlign: this.head.readUInt16LE(at + 20),
        };
      }
      at += 8 + size + (size % 2);
    }
  }
}

/**
 * Checks an uploaded audio file (`readAudioFile`) and writes it as `STORED_AUDIO`: AAC-LC in an
 * M4A, 48 kHz stereo (a mono file on both sides), moov first so a browser plays it while it loads.
 * Nothing is left at `output` when it fails. What it read: the file's length, channels, sample
 * rate and codec as received.
 */
export async function storeAudioFile({
  input,
  output,
  ffmpeg,
  signal,
}: StoreAudioParams): Promise<AudioFileInfo> {
  const ffmpegPath = (ffmpeg ?? (await resolveFfmpeg())).path;
  const read = await readAudioFile(ffmpegPath, input, signal);
  const partial = `${output}.part`;
  try {
    await runFfmpegOrFail(
      ffmpegPath,
      [
        '-loglevel',
        'error',
        '-max_alloc',
        String(MAX_ALLOC_BYTES),
        ...read.inputArgs,
        '-map',
        '0:a:0',
        '-map_metadata',
        '-1',
        '-c:a',
        'aac',
        '-b:a',
        `${STORED_AUDIO.bitrateKbps}k`,
        '-ar',
        String(STORED_AUDIO.sampleRate),
        '-ac',
        '2',
        '-movflags',
        '+faststart',
        // The M4A muxer, named since the `.part` name does not say it.
        '-f',
        'ipod',
        '-y',
        partial,
      ],
      { signal, timeoutMs: AUDIO_RUN_TIMEOUT_MS },
      'ffmpeg could not store the audio',
    );
    await rename(partial, output);
    const { durationSeconds, channels, sampleRate, codec } = read;
    return { durationSeconds, channels, sampleRate, codec };
  } finally {
    await rm(partial, { force: true });
  }
}
