import { AudioLines } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { HelpLink } from '@/components/ui/help-link';
import { ACCEPTED_AUDIO } from '@/lib/contract';
import { ClipEditor } from './clip-editor';
import { AudioUploadButton } from './audio-upload-button';
import { MusicOptions } from './music-options';
import { TrackSection } from './track-section';
import type { ProjectAudio } from './use-project-audio';
import { VoiceRecorder } from './voice-recorder';

/**
 * The open project's sound: a voice-over (recorded here or uploaded) and music (uploaded), each
 * trimmed, played and set louder or quieter; the music looped or played once, faded in and out.
 * Files are kept with the project, settings in its saved state. `waiting` says why there is no
 * project to keep them in yet.
 */
export function AudioCard({
  audio,
  waiting,
  onFit,
}: {
  audio: ProjectAudio;
  waiting: string | null;
  /** Fits the drawing to a voice-over this long (seconds); says what it did. */
  onFit: (voiceSeconds: number) => string;
}) {
  const { voice, music } = audio;
  const [fitted, setFitted] = useState<string | null>(null);
  return (
    <Card
      title="Voice-over and Music"
      description={`Optional, and free. ${ACCEPTED_AUDIO}.`}
      actions={<HelpLink section="audio" topic="voice-over and music" />}
    >
      {waiting ? (
        <p className="text-sm text-slate-600">{waiting}</p>
      ) : (
        <div className="grid gap-6">
          <TrackSection
            state={voice}
            sources={
              <>
                <VoiceRecorder
                  hasVoice={voice.file !== undefined}
                  disabled={voice.work !== null}
                  onRecorded={(file) => void voice.choose(file)}
                />
                <AudioUploadButton
                  label="Choose a voice-over file"
                  text={voice.file ? 'Upload another' : 'Upload'}
                  disabled={voice.work !== null}
                  onFile={(file) => void voice.choose(file)}
                />
              </>
            }
          >
            {voice.loaded && (
              <ClipEditor
                label="Voice-over"
                loaded={voice.loaded}
                clip={audio.voiceClip}
                onClip={(clip) => {
                  audio.setVoiceClip(clip);
                  setFitted(null);
                }}
              >
                {audio.voiceSeconds !== null && (
                  <div className="grid gap-1.5">
                    <Button
                      variant="outline"
                      onClick={() => {
                        setFitted(onFit(audio.voiceSeconds ?? 0));
                      }}
                    >
                      <AudioLines className="h-4 w-4" aria-hidden="true" />
                      Fit the drawing to the voice-over
                    </Button>
                    <p role="status" className="text-xs text-slate-600 empty:hidden">
                      {fitted}
                    </p>
                  </div>
                )}
              </ClipEditor>
            )}
          </TrackSection>
          <TrackSection
            state={music}
            sources={
              <AudioUploadButton
                label="Choose a music file"
                text={music.file ? 'Upload another' : 'Upload'}
                disabled={music.work !== null}
                onFile={(file) => void music.choose(file)}
              />
            }
          >
            {music.loaded && (
              <ClipEditor
                label="Music"
                loaded={music.loaded}
                clip={audio.musicClip}
                onClip={audio.setMusicClip}
              >
                <MusicOptions clip={audio.musicClip} onClip={audio.setMusicClip} />
              </ClipEditor>
            )}
          </TrackSection>
        </div>
      )}
    </Card>
  );
}
