import { AUDIO_FORMATS, AUDIO_LIMITS, AUDIO_MESSAGES } from '@/lib/contract';

/** A file's extension, lower case with its dot ("" without one). */
const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
};

/** "audio/webm;codecs=opus" -> "audio/webm". */
const baseType = (type: string) => type.split(';')[0]!.trim().toLowerCase();

/**
 * Why a file cannot be a track, before it is decoded or sent: not one of the formats by its name
 * or type (a recording has no extension, only its type), or too large. Null when it may be one;
 * the server decides by its bytes.
 */
export function audioFileRefusal(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const extension = extensionOf(file.name);
  const type = baseType(file.type);
  const known = AUDIO_FORMATS.some(
    (format) =>
      (format.extensions as readonly string[]).includes(extension) ||
      (format.types as readonly string[]).includes(type),
  );
  if (!known) return AUDIO_MESSAGES.notAudio;
  if (file.size > AUDIO_LIMITS.maxBytes) return AUDIO_MESSAGES.tooLarge;
  return null;
}

/** Why a decoded file of `seconds` cannot be a track, or null. */
export function audioLengthRefusal(seconds: number): string | null {
  if (seconds > AUDIO_LIMITS.maxSeconds) return AUDIO_MESSAGES.tooLong;
  if (seconds < AUDIO_LIMITS.minSeconds) return AUDIO_MESSAGES.tooShort;
  return null;
}
