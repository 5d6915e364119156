/**
 * A video's sound: a voice-over and a music bed (`@rasma/contract/audio`). Plain zod and constants,
 * no HTTP schema, so the engine checks a video's audio settings with the same schemas the API does.
 */
import { z } from 'zod';
import { AUDIO_LIMITS } from './audio-limits.js';

export * from './audio-limits.js';

const secondsSchema = z.number().finite().min(0).max(AUDIO_LIMITS.maxSeconds);
const fadeSchema = z.number().finite().min(0).max(AUDIO_LIMITS.fadeSeconds.max);

const clipFields = {
  /** Where the kept part starts in the file, in seconds. */
  trimStart: secondsSchema.default(0),
  /** Where it ends; absent: the file's end. */
  trimEnd: secondsSchema.optional(),
  gainDb: z
    .number()
    .finite()
    .min(AUDIO_LIMITS.gainDb.min)
    .max(AUDIO_LIMITS.gainDb.max)
    .default(AUDIO_LIMITS.gainDb.default),
};

const trimInOrder = (clip: { trimStart: number; trimEnd?: number | undefined }) =>
  clip.trimEnd === undefined || clip.trimEnd > clip.trimStart;
const TRIM_ORDER = { message: 'A track ends after it starts', path: ['trimEnd'] };

/** The voice-over: it starts with the video; a voice longer than the drawing extends the hold. */
export const voiceClipSchema = z.object(clipFields).refine(trimInOrder, TRIM_ORDER);
/** The music bed: looped or cut to the video's length, faded in and out, ducked under the voice. */
export const musicClipSchema = z
  .object({
    ...clipFields,
    /** Played again from its trim start when it ends before the video does. */
    loop: z.boolean().default(true),
    fadeInSeconds: fadeSchema.default(AUDIO_LIMITS.fadeSeconds.default),
    fadeOutSeconds: fadeSchema.default(AUDIO_LIMITS.fadeSeconds.default),
  })
  .refine(trimInOrder, TRIM_ORDER);
export type VoiceClip = z.infer<typeof voiceClipSchema>;
export type MusicClip = z.infer<typeof musicClipSchema>;

/**
 * A video's or project's sound settings. A track's settings without its file are ignored (a project
 * keeps them while the file is replaced); a file without settings plays as it is.
 */
export const audioSettingsSchema = z.object({
  voice: voiceClipSchema.optional(),
  music: musicClipSchema.optional(),
});
export type AudioSettings = z.infer<typeof audioSettingsSchema>;
export type AudioSettingsInput = z.input<typeof audioSettingsSchema>;
