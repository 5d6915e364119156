import { stat } from 'node:fs/promises';
import { AUDIO_LIMITS, AUDIO_MESSAGES, STORED_AUDIO, type ErrorCode } from '@rasma/contract';
import { EngineError, resolveFfmpeg, storeAudioFile, type EngineErrorCode } from '@rasma/engine';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { readDiskUpload, type DiskFiles, type ReceivedFile } from '../../http/upload.js';
import { createGate } from '../images/decode-queue.js';

/** An uploaded audio file, checked by its bytes and kept as AAC (`STORED_AUDIO`), to be stored. */
export interface CheckedAudio {
  /** The AAC file, beside the upload. */
  file: string;
  bytes: number;
  /** Its real length, read whole. */
  durationSeconds: number;
  /** The name it was uploaded with. */
  fileName: string;
}

/** Checks uploaded audio files, a few at a time in a process (each is ffmpeg reading it whole). */
export interface AudioChecker {
  /**
   * Reads the file whole with ffmpeg and writes it as AAC: a 4xx with the contract's message
   * (`AUDIO_MESSAGES`) when it is not audio, is cut short, or breaks `AUDIO_LIMITS`.
   */
  check(received: ReceivedFile): Promise<CheckedAudio>;
}

/** The engine's refusals of an audio file, answered with the same code, a 4xx and the contract's words. */
const REFUSALS = {
  NOT_AUDIO: { status: 415, message: AUDIO_MESSAGES.notAudio },
  AUDIO_TOO_LONG: { status: 400, message: AUDIO_MESSAGES.tooLong },
  AUDIO_TOO_SHORT: { status: 400, message: AUDIO_MESSAGES.tooShort },
  AUDIO_CHANNELS: { status: 400, message: AUDIO_MESSAGES.channels },
  AUDIO_SAMPLE_RATE: { status: 400, message: AUDIO_MESSAGES.sampleRate },
} as const satisfies Partial<Record<EngineErrorCode & ErrorCode, object>>;

const isRefusal = (code: EngineErrorCode): code is keyof typeof REFUSALS => code in REFUSALS;

export function createAudioChecker(options: {
  /** FFMPEG_PATH; unset: ffmpeg on the PATH, else the bundled one. */
  ffmpegPath: string | undefined;
  /** Checks running at once in the process; the others wait in order. */
  atOnce: number;
}): AudioChecker {
  const gate = createGate(options.atOnce);
  return {
    async check(received) {
      const output = `${received.path}.${STORED_AUDIO.extension}`;
      const ffmpeg = await resolveFfmpeg({ ffmpegPath: options.ffmpegPath });
      try {
        const { durationSeconds } = await gate(() =>
          storeAudioFile({ input: received.path, output, ffmpeg }),
        );
        const { size } = await stat(output);
        return { file: output, bytes: size, durationSeconds, fileName: received.fileName };
      } catch (error) {
        if (error instanceof EngineError && isRefusal(error.code)) {
          const { status, message } = REFUSALS[error.code];
          throw new AppError(status, message, error.code, { cause: error });
        }
        throw error;
      }
    },
  };
}

/** A 413 for an audio file over `AUDIO_LIMITS.maxBytes`, sent as soon as it passes. */
const audioTooLarge = () => new AppError(413, AUDIO_MESSAGES.tooLarge, 'AUDIO_TOO_LARGE');

/** How an upload's audio files (`fields`) are received: to disk in `folder`, held to the limit. */
export const audioFiles = (fields: readonly string[], folder: string): DiskFiles => ({
  accepts: (field) => fields.includes(field),
  maxFiles: fields.length,
  folder,
  maxBytes: AUDIO_LIMITS.maxBytes,
  tooLarge: audioTooLarge,
});

/** The `audio` file of a multipart upload, written into `folder` (400 when none was sent). */
export async function readAudioUpload(
  request: FastifyRequest,
  folder: string,
): Promise<ReceivedFile> {
  const { files } = await readDiskUpload(request, audioFiles(['audio'], folder));
  if (!files.audio) throw new AppError(400, 'audio: an audio file is required', 'VALIDATION_ERROR');
  return files.audio;
}
