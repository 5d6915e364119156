import { clipSeconds, type MusicClip, type VoiceClip } from '@/lib/contract';

/**
 * What each track plays at a moment of the video, as the finished video has it: the voice from the
 * video's start, once; the music from the start too, looped or played once, cut at the video's
 * end, faded in and out. Pure: the preview's players follow it frame by frame.
 */

/** A track at one moment: where in its file it plays (null: silent), and how loud (linear). */
export interface TrackMoment {
  position: number | null;
  gain: number;
}

export const dbToGain = (db: number) => 10 ** (db / 20);

/** The voice-over `seconds` into the video. */
export function voiceAt(seconds: number, clip: VoiceClip, fileSeconds: number): TrackMoment {
  const kept = clipSeconds(clip, fileSeconds);
  return {
    position: seconds >= 0 && seconds < kept ? clip.trimStart + seconds : null,
    gain: dbToGain(clip.gainDb),
  };
}

/** The music `seconds` into a video `videoSeconds` long. */
export function musicAt(
  seconds: number,
  clip: MusicClip,
  fileSeconds: number,
  videoSeconds: number,
): TrackMoment {
  const kept = clipSeconds(clip, fileSeconds);
  // It ends with the video, or before it when it plays once and is shorter.
  const end = clip.loop ? videoSeconds : Math.min(kept, videoSeconds);
  if (kept <= 0 || seconds < 0 || seconds >= end) return { position: null, gain: 0 };
  const fadeIn = clip.fadeInSeconds > 0 ? Math.min(1, seconds / clip.fadeInSeconds) : 1;
  const fadeOut = clip.fadeOutSeconds > 0 ? Math.min(1, (end - seconds) / clip.fadeOutSeconds) : 1;
  return {
    position: clip.trimStart + (seconds % kept),
    gain: dbToGain(clip.gainDb) * Math.min(fadeIn, fadeOut),
  };
}
