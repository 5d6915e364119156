/**
 * A video's sound without zod (`@rasma/contract/audio-limits`): the tracks, limits, formats and
 * messages of `audio.ts`, which re-exports them. Pages that only show them (the How To) load no
 * schemas.
 */
import { orList } from './words.js';

/** The two tracks a project and a video may carry. */
export const AUDIO_TRACKS = ['voice', 'music'] as const;
export type AudioTrack = (typeof AUDIO_TRACKS)[number];
export const AUDIO_TRACK_LABELS: Record<AudioTrack, string> = {
  voice: 'Voice-over',
  music: 'Music',
};

/**
 * What an uploaded or recorded audio file may be. The server reads every file whole with ffmpeg
 * (its real length, not the header's) and keeps it as AAC (`STORED_AUDIO`), so what it stores is
 * small and plays in every browser.
 * - `maxBytes`: the file as sent (a 5-minute WAV at 44.1 kHz stereo is 50 MB);
 * - `maxSeconds`: 5 minutes, far beyond the 100 s drawing and its hold, and a bound on the
 *   video's length (a voice longer than the drawing keeps the picture on screen until it ends);
 * - `minSeconds`: shorter is a click, not a track;
 * - `maxChannels`: mono or stereo (surround is refused rather than guessed down);
 * - `sampleRate`: 8 kHz (a phone recording) to 192 kHz.
 */
export const AUDIO_LIMITS = {
  maxBytes: 60 * 1024 * 1024,
  maxSeconds: 300,
  minSeconds: 0.5,
  maxChannels: 2,
  sampleRate: { min: 8000, max: 192_000 },
  /** A track's loudness in the mix, in dB, before the mix is normalised. */
  gainDb: { min: -24, max: 12, default: 0 },
  /** Music's fade-in and fade-out. */
  fadeSeconds: { max: 10, default: 2 },
} as const;

/** How an audio file is kept once checked: AAC in an M4A, 48 kHz stereo. */
export const STORED_AUDIO = {
  contentType: 'audio/mp4',
  extension: 'm4a',
  sampleRate: 48_000,
  bitrateKbps: 192,
} as const;

/**
 * The formats people have, as the file picker offers them (by extension and type; the server
 * decides by the bytes) and as messages name them.
 */
export const AUDIO_FORMATS = [
  { name: 'MP3', extensions: ['.mp3'], types: ['audio/mpeg', 'audio/mp3'] },
  {
    name: 'M4A/AAC',
    extensions: ['.m4a', '.aac', '.mp4'],
    types: ['audio/mp4', 'audio/aac', 'audio/x-m4a'],
  },
  { name: 'WAV', extensions: ['.wav'], types: ['audio/wav', 'audio/x-wav', 'audio/wave'] },
  { name: 'OGG/Opus', extensions: ['.ogg', '.oga', '.opus'], types: ['audio/ogg', 'audio/opus'] },
  { name: 'WebM', extensions: ['.webm'], types: ['audio/webm'] },
  { name: 'FLAC', extensions: ['.flac'], types: ['audio/flac', 'audio/x-flac'] },
] as const;

/** The file picker's `accept`: every extension and type above. */
export const AUDIO_ACCEPT = AUDIO_FORMATS.flatMap((f) => [...f.extensions, ...f.types]).join(',');
/** "MP3, M4A/AAC, WAV, OGG/Opus, WebM or FLAC". */
export const AUDIO_FORMAT_NAMES = orList(AUDIO_FORMATS.map((f) => f.name));
/** 60. */
export const AUDIO_MAX_MEGABYTES = AUDIO_LIMITS.maxBytes / (1024 * 1024);
/** "5 minutes". */
export const AUDIO_MAX_LENGTH = `${AUDIO_LIMITS.maxSeconds / 60} minutes`;
/** What an audio upload may be, in one sentence. */
export const ACCEPTED_AUDIO = `${AUDIO_FORMAT_NAMES} audio, up to ${AUDIO_MAX_LENGTH} and ${AUDIO_MAX_MEGABYTES} MB, mono or stereo`;

/** The answers to a file that cannot be a track (each a 4xx; nothing is kept). */
export const AUDIO_MESSAGES = {
  /** 415 `NOT_AUDIO`: no audio stream ffmpeg can read, or a file cut short. */
  notAudio: `This file is not audio we can read. Please choose ${AUDIO_FORMAT_NAMES} audio.`,
  /** 413 `AUDIO_TOO_LARGE`. */
  tooLarge: `This audio file is larger than ${AUDIO_MAX_MEGABYTES} MB.`,
  /** 400 `AUDIO_TOO_LONG`. */
  tooLong: `This audio is longer than ${AUDIO_MAX_LENGTH}. Please cut it shorter.`,
  /** 400 `AUDIO_TOO_SHORT`. */
  tooShort: `This audio is shorter than ${AUDIO_LIMITS.minSeconds} s.`,
  /** 400 `AUDIO_CHANNELS`. */
  channels: 'This audio has more than two channels. Please use a mono or stereo file.',
  /** 400 `AUDIO_SAMPLE_RATE`. */
  sampleRate: `This audio's sample rate is outside ${AUDIO_LIMITS.sampleRate.min / 1000}-${AUDIO_LIMITS.sampleRate.max / 1000} kHz.`,
} as const;

/** The seconds a clip plays of a file `fileSeconds` long. */
export const clipSeconds = (
  clip: { trimStart: number; trimEnd?: number | undefined } | undefined,
  fileSeconds: number,
): number => {
  const start = Math.min(clip?.trimStart ?? 0, fileSeconds);
  const end = Math.min(clip?.trimEnd ?? fileSeconds, fileSeconds);
  return Math.max(0, end - start);
};

/** Sound is free: a video with a voice-over or music costs what the same video costs silent. */
export const AUDIO_CREDIT_RULE =
  'Sound is free: a video with a voice-over or music costs the same credits as without.';
