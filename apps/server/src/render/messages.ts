/** The IPC messages between the render runner and its render process, checked on arrival. */
import type { EngineErrorCode, RenderParams, RenderResult } from '@rasma/engine';
import { z } from 'zod';

const renderAudioSchema = z.object({
  voice: z.string().min(1).optional(),
  music: z.string().min(1).optional(),
}) satisfies z.ZodType<NonNullable<RenderParams['audio']>>;
/** The voice-over and music files of a render, by track. */
export type RenderAudio = z.infer<typeof renderAudioSchema>;

/** A story's scene: its picture's file (none: a blank board) and its settings. */
const renderSceneSchema = z.object({
  input: z.string().min(1).optional(),
  /** Checked by the engine itself, as `options` are. */
  scene: z.unknown(),
});

const renderRequestFields = {
  type: z.literal('render'),
  output: z.string().min(1),
  thumbnail: z.string().min(1),
  transparentOutput: z.string().min(1).optional(),
  audio: renderAudioSchema.optional(),
  /** Checked by the engine itself, so a bad option fails with its INVALID_OPTIONS message. */
  options: z.unknown(),
  ffmpegPath: z.string().optional(),
  tempDir: z.string().min(1),
};

/**
 * Parent -> child: the one render the process is started for: a picture (`input`), or a story's
 * `scenes`.
 */
export const renderRequestSchema = z.union([
  z.object({ ...renderRequestFields, input: z.string().min(1) }),
  z.object({ ...renderRequestFields, scenes: z.array(renderSceneSchema).min(1) }),
]);
export type RenderRequest = z.infer<typeof renderRequestSchema>;

const engineErrorCodes: { [C in EngineErrorCode]: C } = {
  INVALID_OPTIONS: 'INVALID_OPTIONS',
  NOT_AN_IMAGE: 'NOT_AN_IMAGE',
  IMAGE_TOO_LARGE: 'IMAGE_TOO_LARGE',
  FFMPEG_MISSING: 'FFMPEG_MISSING',
  FFMPEG_FAILED: 'FFMPEG_FAILED',
  CANCELLED: 'CANCELLED',
  IO_ERROR: 'IO_ERROR',
  NOT_AUDIO: 'NOT_AUDIO',
  AUDIO_TOO_LONG: 'AUDIO_TOO_LONG',
  AUDIO_TOO_SHORT: 'AUDIO_TOO_SHORT',
  AUDIO_CHANNELS: 'AUDIO_CHANNELS',
  AUDIO_SAMPLE_RATE: 'AUDIO_SAMPLE_RATE',
};

/** Child -> parent: progress and log lines while rendering, then exactly one outcome. */
export const renderReportSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), percent: z.number().int().min(0).max(100) }),
  z.object({ type: z.literal('log'), message: z.string() }),
  z.object({
    type: z.literal('done'),
    result: z.object({
      output: z.string(),
      thumbnail: z.string(),
      durationSeconds: z.number(),
      frames: z.number().int(),
      width: z.number().int(),
      height: z.number().int(),
      transparentOutput: z.string().optional(),
    }) satisfies z.ZodType<RenderResult>,
  }),
  z.object({
    type: z.literal('failed'),
    /** Absent when the error was not an EngineError. */
    code: z.enum(engineErrorCodes).optional(),
    message: z.string(),
  }),
]);
export type RenderReport = z.infer<typeof renderReportSchema>;
