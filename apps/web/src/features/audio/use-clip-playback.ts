import { FPS } from '@rasma/engine/outline';
import { useEffect, useState } from 'react';
import {
  PlaybackClock,
  useClockFrame,
  useClockPlaying,
} from '@/features/stroke-editor/playback-clock';
import { clipSeconds, type VoiceClip } from '@/lib/contract';
import { voiceAt } from './sound-mix';
import { useFollowingElement } from './track-player';

/**
 * Plays a track's kept part once, at its loudness, through its `<audio>` element (`element`, once
 * rendered), on a clock of its own: the waveform's playhead follows it.
 */
export function useClipPlayback(
  element: HTMLAudioElement | null,
  clip: Pick<VoiceClip, 'trimStart' | 'trimEnd' | 'gainDb'>,
  fileSeconds: number,
) {
  const [clock] = useState(() => new PlaybackClock());
  const kept = clipSeconds(clip, fileSeconds);
  useEffect(() => clock.setFrames(Math.round(kept * FPS), true), [clock, kept]);
  useEffect(() => () => clock.dispose(), [clock]);
  useFollowingElement(clock, element, (seconds) => voiceAt(seconds, clip, fileSeconds));

  const frame = useClockFrame(clock);
  const playing = useClockPlaying(clock);
  return {
    playing,
    /** Where in the file it plays; null when it does not. */
    playhead: playing ? clip.trimStart + frame / FPS : null,
    play: () => clock.play(),
    pause: () => clock.pause(),
  };
}
