import { useEffect, useRef, useState } from 'react';
import type { PlaybackClock } from '@/features/stroke-editor/playback-clock';
import { musicAt, voiceAt } from './sound-mix';
import { followClock, TrackPlayer } from './track-player';
import type { ProjectSound } from './use-project-audio';

/**
 * The preview's sound: the voice-over and the music (trimmed, at their loudness, the music looped
 * and faded) through `<audio>` elements that follow the drawing's clock: Play, Pause and each
 * scrub move them with it. A change of the settings is heard at once.
 */
export function PreviewSound({
  clock,
  sound,
  videoSeconds,
}: {
  clock: PlaybackClock;
  sound: ProjectSound;
  /** The finished video's length: the music ends with it. */
  videoSeconds: number;
}) {
  const [voiceElement, setVoiceElement] = useState<HTMLAudioElement | null>(null);
  const [musicElement, setMusicElement] = useState<HTMLAudioElement | null>(null);
  const now = useRef({ sound, videoSeconds });
  useEffect(() => {
    now.current = { sound, videoSeconds };
  }, [sound, videoSeconds]);

  useEffect(() => {
    const tracks: Parameters<typeof followClock>[1][number][] = [];
    if (voiceElement) {
      tracks.push({
        player: new TrackPlayer(voiceElement),
        at: (seconds: number) => {
          const voice = now.current.sound.voice;
          return voice
            ? voiceAt(seconds, voice.clip, voice.loaded.file.durationSeconds)
            : { position: null, gain: 0 };
        },
      });
    }
    if (musicElement) {
      tracks.push({
        player: new TrackPlayer(musicElement),
        at: (seconds: number) => {
          const { sound: current, videoSeconds: length } = now.current;
          return current.music
            ? musicAt(
                seconds,
                current.music.clip,
                current.music.loaded.file.durationSeconds,
                length,
              )
            : { position: null, gain: 0 };
        },
      });
    }
    const stop = followClock(clock, tracks);
    return () => {
      stop();
      for (const { player } of tracks) player.dispose();
    };
  }, [clock, voiceElement, musicElement]);

  return (
    <>
      {sound.voice && (
        <audio
          ref={setVoiceElement}
          src={sound.voice.loaded.url}
          preload="auto"
          data-track="voice"
        />
      )}
      {sound.music && (
        <audio
          ref={setMusicElement}
          src={sound.music.loaded.url}
          preload="auto"
          data-track="music"
        />
      )}
    </>
  );
}
