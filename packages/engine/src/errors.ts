/** Every failure the engine reports. The server maps `code` to an HTTP status. */
export type EngineErrorCode =
  | 'INVALID_OPTIONS'
  | 'NOT_AN_IMAGE'
  | 'IMAGE_TOO_LARGE'
  | 'FFMPEG_MISSING'
  | 'FFMPEG_FAILED'
  | 'CANCELLED'
  | 'IO_ERROR';

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
