import { describe, expect, it } from 'vitest';
import { musicClipSchema, voiceClipSchema } from '@/lib/contract';
import { dbToGain, musicAt, voiceAt } from './sound-mix';

describe('the voice-over in the preview', () => {
  const clip = voiceClipSchema.parse({ trimStart: 1.5, trimEnd: 4, gainDb: 6 });

  it('plays its kept part from the video start, once, at its loudness', () => {
    expect(voiceAt(0, clip, 10)).toEqual({ position: 1.5, gain: dbToGain(6) });
    expect(voiceAt(2, clip, 10).position).toBe(3.5);
    expect(voiceAt(2.5, clip, 10).position).toBeNull();
    expect(dbToGain(6)).toBeCloseTo(2, 1);
  });
});

describe('the music in the preview', () => {
  const music = (input: object) =>
    musicClipSchema.parse({ fadeInSeconds: 0, fadeOutSeconds: 0, ...input });

  it('loops its kept part until the video ends', () => {
    const clip = music({ trimStart: 2, trimEnd: 5 });
    expect(musicAt(1, clip, 30, 20).position).toBe(3);
    expect(musicAt(4, clip, 30, 20).position).toBe(3);
    expect(musicAt(19.9, clip, 30, 20).position).toBeCloseTo(2 + (19.9 % 3));
    expect(musicAt(20, clip, 30, 20).position).toBeNull();
  });

  it('plays once when not looped, and is cut at the video end', () => {
    const once = music({ loop: false, trimStart: 2, trimEnd: 5 });
    expect(musicAt(2.9, once, 30, 20).position).toBeCloseTo(4.9);
    expect(musicAt(3, once, 30, 20).position).toBeNull();
    const long = music({ loop: false });
    expect(musicAt(9.9, long, 30, 10).position).toBeCloseTo(9.9);
    expect(musicAt(10, long, 30, 10).position).toBeNull();
  });

  it('fades in from the start and out to its end', () => {
    const clip = music({ fadeInSeconds: 2, fadeOutSeconds: 4, gainDb: 0 });
    expect(musicAt(0, clip, 60, 20).gain).toBe(0);
    expect(musicAt(1, clip, 60, 20).gain).toBeCloseTo(0.5);
    expect(musicAt(10, clip, 60, 20).gain).toBe(1);
    expect(musicAt(18, clip, 60, 20).gain).toBeCloseTo(0.5);
    const once = music({ loop: false, trimEnd: 8, fadeOutSeconds: 4 });
    expect(musicAt(6, once, 60, 20).gain).toBeCloseTo(0.5);
  });
});
