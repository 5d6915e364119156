/** A render's sound: its audio files read and checked with their settings, and its mix running. */
import {
  AUDIO_LIMITS,
  AUDIO_TRACK_LABELS,
  clipSeconds,
  musicClipSchema,
  voiceClipSchema,
} from '@rasma/contract/audio';
import type { AudioSettings, AudioTrack } from '@rasma/contract/audio';
import { readAudioFile } from './audio-file.js';
import { EngineError } from './errors.js';
import { mixSound } from './mix.js';
import type { MixReport, MixSoundParams, MixTrack, MixTracks } from './mix.js';

/** The audio files of a render (paths): a voice-over, a music bed, either or both. */
export interface SoundFiles {
  voice?: string | undefined;
  music?: string | undefined;
}

/** A render's tracks, read whole, and how long its voice-over plays (0 without one). */
export interface Sound extends MixTracks {
  voiceSeconds: number;
}

/**
 * Reads and checks the render's audio files (as uploads are: `readAudioFile`), each with its
 * settings (a file without settings plays whole; settings without a file are ignored).
 * Undefined without files. A refused file keeps its code, its message naming the track;
 * INVALID_OPTIONS when a track's trim keeps less than `AUDIO_LIMITS.minSeconds` of its file.
 */
export async function readSound(
  ffmpegPath: string,
  files: SoundFiles | undefined,
  settings: AudioSettings | undefined,
  signal?: AbortSignal,
): Promise<Sound | undefined> {
  if (!files?.voice && !files?.music) return undefined;
  const read = async <Clip extends { trimStart: number; trimEnd?: number | undefined }>(
    track: AudioTrack,
    path: string | undefined,
    clip: Clip,
  ): Promise<MixTrack<Clip> | undefined> => {
    if (!path) return undefined;
    const label = AUDIO_TRACK_LABELS[track];
    const file = await readAudioFile(ffmpegPath, path, signal).catch((error: unknown) => {
      if (!(error instanceof EngineError) || error.code === 'CANCELLED') throw error;
      throw new EngineError(error.code, `${label} (${path}): ${error.message}`, { cause: error });
    });
    const kept = clipSeconds(clip, file.durationSeconds);
    if (kept < AUDIO_LIMITS.minSeconds) {
      throw new EngineError(
        'INVALID_OPTIONS',
        `Invalid option audio.${track}: its trim keeps ${kept.toFixed(2)} s of a ${file.durationSeconds.toFixed(2)} s file, under ${AUDIO_LIMITS.minSeconds} s`,
      );
    }
    return { file, clip };
  };
  const [voice, music] = await Promise.all([
    read('voice', files.voice, settings?.voice ?? voiceClipSchema.parse({})),
    read('music', files.music, settings?.music ?? musicClipSchema.parse({})),
  ]);
  return {
    voice,
    music,
    voiceSeconds: voice ? clipSeconds(voice.clip, voice.file.durationSeconds) : 0,
  };
}

/** A mix running beside the frames: stopped with `stop()`, its error kept once it has failed. */
export class Mixing {
  readonly done: Promise<MixReport>;
  /** Why the mix failed, once it has. */
  failure: unknown;
  private readonly controller = new AbortController();
  private readonly started = performance.now();
  private ended: number | undefined;

  constructor(params: Omit<MixSoundParams, 'signal'>) {
    this.done = mixSound({ ...params, signal: this.controller.signal });
    this.done.then(
      () => (this.ended = performance.now()),
      (error: unknown) => {
        this.failure = error;
      },
    );
  }

  /** How long it took (so far, while it runs). */
  milliseconds(): number {
    return (this.ended ?? performance.now()) - this.started;
  }

  /** Kills its ffmpeg; `done` then rejects once it has ended. */
  stop(): void {
    this.controller.abort();
  }

  /** Waits for its ffmpeg to end, however the mix ends. */
  async settled(): Promise<void> {
    await this.done.catch(() => undefined);
  }
}

/** One log line: the tracks, and how the mix was brought to its loudness. */
export function describeMix(sound: Sound, report: MixReport, milliseconds: number): string {
  const seconds = (track: MixTrack<{ trimStart: number; trimEnd?: number | undefined }>) =>
    `${clipSeconds(track.clip, track.file.durationSeconds).toFixed(1)} s`;
  const tracks = [
    sound.voice && `voice ${seconds(sound.voice)}`,
    sound.music && `music ${seconds(sound.music)}`,
  ].filter(Boolean);
  return `sound: ${tracks.join(', ')}; ${report.measured.toFixed(1)} -> ${report.result.toFixed(1)} LUFS (${report.normalised}, ${report.passes} passes) in ${Math.round(milliseconds)} ms`;
}
