import { describe, expect, it } from 'vitest';
import { AUDIO_LIMITS, AUDIO_MESSAGES } from '@/lib/contract';
import { audioFileRefusal, audioLengthRefusal } from './audio-file-check';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('an audio file checked before it is sent', () => {
  it('may be any of the formats, by its extension or its type', () => {
    for (const name of ['talk.mp3', 'talk.M4A', 'talk.wav', 'talk.ogg', 'talk.opus', 'talk.flac'])
      expect(audioFileRefusal(file(name, ''))).toBeNull();
    // A recording has no extension, only the recorder's type (with its codec).
    expect(audioFileRefusal(file('Recording', 'audio/webm;codecs=opus'))).toBeNull();
  });

  it('is refused when it is not audio by name or type, or too large', () => {
    expect(audioFileRefusal(file('notes.txt', 'text/plain'))).toBe(AUDIO_MESSAGES.notAudio);
    expect(audioFileRefusal(file('clip.mp3', 'audio/mpeg', AUDIO_LIMITS.maxBytes + 1))).toBe(
      AUDIO_MESSAGES.tooLarge,
    );
    expect(audioFileRefusal(file('clip.mp3', 'audio/mpeg', AUDIO_LIMITS.maxBytes))).toBeNull();
  });

  it('is refused once decoded when too long or too short', () => {
    expect(audioLengthRefusal(AUDIO_LIMITS.maxSeconds + 1)).toBe(AUDIO_MESSAGES.tooLong);
    expect(audioLengthRefusal(AUDIO_LIMITS.minSeconds / 2)).toBe(AUDIO_MESSAGES.tooShort);
    expect(audioLengthRefusal(42)).toBeNull();
  });
});
