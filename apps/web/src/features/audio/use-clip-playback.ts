import { FPS } from '@rasma/engine/outline';
import { useEffect, useRef, useState } from 'react';
import {
  PlaybackClock,
  useClockFrame,
  useClockPlaying,
} from '@/features/stroke-editor/playback-clock';
import { clipSeconds, type VoiceClip } from '@/lib/contract';
import { voiceAt } from './sound-mix';
import { followClock, TrackPlayer } from './track-player';

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

  // The clip as it is now: a trim or loudness changed while playing is heard at once.
  const moment = useRef((seconds: number) => voiceAt(seconds, clip, fileSeconds));
  useEffect(() => {
    moment.current = (seconds) => voiceAt(seconds, clip, fileSeconds);
  }, [clip, fileSeconds]);

  useEffect(() => {
    if (!element) return;
    const player = new TrackPlayer(element);
    const stop = followClock(clock, [{ player, at: (seconds) => moment.current(seconds) }]);
    return () => {
      stop();
      player.dispose();
    };
  }, [clock, element]);

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
