import { useState } from 'react';
import type { PlaybackClock } from '@/features/stroke-editor/playback-clock';
import type { AudioTrack } from '@/lib/contract';
import { musicAt, voiceAt, type TrackMoment } from './sound-mix';
import { useFollowingElement } from './track-player';
import type { ProjectSound } from './use-project-audio';

/** One track's `<audio>` element, kept where the drawing's clock says. */
function FollowingAudio({
  clock,
  track,
  url,
  at,
}: {
  clock: PlaybackClock;
  track: AudioTrack;
  url: string;
  at: (seconds: number) => TrackMoment;
}) {
  const [element, setElement] = useState<HTMLAudioElement | null>(null);
  useFollowingElement(clock, element, at);
  return <audio ref={setElement} src={url} preload="auto" data-track={track} />;
}

/**
 * The preview's sound: the voice-over and the music (trimmed, at their loudness, the music looped
 * and faded) through `<audio>` elements that follow the drawing's clock: Play, Pause and each
 * scrub move them with it. A change of the settings is heard at once.
 */
export function PreviewSound({
  clock,
  sound: { voice, music },
  startSeconds,
  videoSeconds,
}: {
  clock: PlaybackClock;
  sound: ProjectSound;
  /** The video's second the clock's 0 is (a story's scene starts later than the video). */
  startSeconds: number;
  /** The finished video's length: the music ends with it. */
  videoSeconds: number;
}) {
  return (
    <>
      {voice && (
        <FollowingAudio
          clock={clock}
          track="voice"
          url={voice.loaded.url}
          at={(seconds) =>
            voiceAt(startSeconds + seconds, voice.clip, voice.loaded.file.durationSeconds)
          }
        />
      )}
      {music && (
        <FollowingAudio
          clock={clock}
          track="music"
          url={music.loaded.url}
          at={(seconds) =>
            musicAt(
              startSeconds + seconds,
              music.clip,
              music.loaded.file.durationSeconds,
              videoSeconds,
            )
          }
        />
      )}
    </>
  );
}
