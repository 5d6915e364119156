/** Every failure the engine reports. The server maps `code` to an HTTP status. */
export type EngineErrorCode =
  | 'INVALID_OPTIONS'
  | 'NOT_AN_IMAGE'
  | 'IMAGE_TOO_LARGE'
  | 'FFMPEG_MISSING'
  | 'FFMPEG_FAILED'
  | 'CANCELLED'
  | 'IO_ERROR'
  // An audio file refused (`storeAudioFile`, or a render's voice-over or music), each with the
  // contract's `AUDIO_MESSAGES` words.
  | 'NOT_AUDIO'
  | 'AUDIO_TOO_LONG'
  | 'AUDIO_TOO_SHORT'
  | 'AUDIO_CHANNELS'
  | 'AUDIO_SAMPLE_RATE';

export class EngineError extends Error {
  override readonly name = 'EngineError';
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
