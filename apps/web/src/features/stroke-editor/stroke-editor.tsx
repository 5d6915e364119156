import { keptPeaks } from '@/features/audio/peaks';
import { PreviewSound } from '@/features/audio/preview-sound';
import { audioContext } from '@/features/audio/track-player';
import type { EditorSound } from '@/features/audio/editor-sound';
import type { Zone } from '@/features/workspace/zones/zone';
import { clipSeconds } from '@/lib/contract';
import { statusText } from './editor-state';
import { EditorToolbar } from './editor-toolbar';
import { FocusedPartControls } from './focused-part-controls';
import type { StrokePlanInput } from './messages';
import { movePart } from './part-order';
import { PartTimeline } from './part-timeline';
import type { StrokePlanSettings } from './plan-input';
import { PreviewBar } from './preview-bar';
import { pick } from './selection';
import { StrokeStage } from './stroke-stage';
import type { StrokeWorker } from './stroke-worker';
import { timelinePartsOf } from './timeline-parts';
import type { StrokeEditsState } from './use-stroke-edits';
import { useStrokeEditor } from './use-stroke-editor';
import type { TimelineVoice } from './voice-row';

interface StrokeEditorProps {
  /** The image's stroke worker (it may have planned the strokes ahead). */
  worker: StrokeWorker;
  /** The image the video is made from (inverted when it is), its zones and settings. */
  input: StrokePlanInput;
  previewUrl: string;
  /** The zones, for their colours. */
  zones: readonly Zone[];
  settings: StrokePlanSettings;
  strokeEdits: StrokeEditsState;
  /** The voice-over and music, when the project has any. */
  sound: EditorSound | null;
}

/**
 * The "Edit strokes" mode: the strokes the video will draw, over the faded image, with the parts
 * on a timeline under them. Strokes and parts are selected, deleted, moved, timed, turned and
 * drawn by hand; every edit can be undone; Play shows the drawing as the video will, for free,
 * with its sound. The voice-over shows under the parts, on their time axis. Its state and what its
 * controls do are useStrokeEditor's: this only shows them.
 */
export function StrokeEditor({
  worker,
  input,
  previewUrl,
  zones,
  settings,
  strokeEdits,
  sound,
}: StrokeEditorProps) {
  const editor = useStrokeEditor({
    worker,
    input,
    strokeEdits,
    soundSeconds: sound ? sound.playSeconds : null,
  });
  const { view, current, focus, playback } = editor;
  const drawingSeconds = view?.parts.at(-1)?.end ?? 0;
  const voice = sound && timelineVoice(sound, drawingSeconds);
  return (
    <div className="grid min-w-0 gap-3">
      <EditorToolbar
        tool={editor.tool}
        onTool={editor.chooseTool}
        canDelete={editor.canDelete}
        onDelete={editor.deleteSelection}
        canUndo={strokeEdits.canUndo}
        canRedo={strokeEdits.canRedo}
        onUndo={editor.undo}
        onRedo={editor.redo}
        playing={playback.playing}
        onPlay={() => {
          // Woken by the click itself: some browsers start sound only from one.
          if (sound) audioContext();
          playback.play();
        }}
        onPause={playback.pause}
      />
      <StrokeStage editor={editor} previewUrl={previewUrl} hand={settings.hand} />
      {playback.open && (
        <PreviewBar
          clock={playback.clock}
          frames={playback.data ? playback.frames : 0}
          withSound={sound !== null}
          onClose={playback.close}
        />
      )}
      {playback.open && sound && (
        <PreviewSound
          clock={playback.clock}
          sound={sound.tracks}
          startSeconds={sound.startSeconds}
          videoSeconds={sound.videoSeconds}
        />
      )}
      <p role="status" className="min-h-4 px-1 text-xs text-slate-600">
        {statusText({ ...editor, shown: view !== null })}
      </p>
      {view && (
        <PartTimeline
          parts={timelinePartsOf(view, zones, current, editor.marked)}
          progress={
            playback.data && { clock: playback.clock, drawFrames: playback.data.drawFrames }
          }
          onSelect={(part, additive) =>
            editor.select(pick(current, { parts: [part], focus: part }, additive))
          }
          onMove={(part, index) =>
            editor.edit({ type: 'reorder', order: movePart(editor.order, part, index) })
          }
          voice={voice}
        />
      )}
      {voice && (
        <p className="px-1 text-xs text-slate-600">{voiceNote(voice, sound.startSeconds > 0)}</p>
      )}
      {focus && editor.focusPart && (
        <FocusedPartControls
          editor={editor}
          part={focus}
          edits={strokeEdits.edits}
          direction={settings.direction}
        />
      )}
    </div>
  );
}

/**
 * The voice-over's kept part on the timeline's time axis, from the scene's start in the video;
 * null without one, or when it ends before the scene starts.
 */
function timelineVoice(
  { tracks, startSeconds }: EditorSound,
  drawingSeconds: number,
): TimelineVoice | null {
  if (!tracks.voice || drawingSeconds <= 0) return null;
  const { loaded, clip } = tracks.voice;
  const seconds = clipSeconds(clip, loaded.file.durationSeconds) - startSeconds;
  if (seconds <= 0) return null;
  const peaks = keptPeaks(loaded.peaks, clip.trimStart + startSeconds, seconds);
  return { peaks, seconds, drawingSeconds };
}

/**
 * What the voice-over under the parts is, and what a voice longer than the drawing does: the
 * picture waits for it in a video of one picture; a later scene of a story takes it on.
 */
function voiceNote({ seconds, drawingSeconds }: TimelineVoice, inStory: boolean): string {
  const after = seconds - drawingSeconds;
  const said = inStory
    ? 'Under the parts: the voice-over from this scene on, said as each is drawn.'
    : 'Under the parts: the voice-over, said as each is drawn.';
  if (after <= 0.05) return said;
  return inStory
    ? `${said} It goes on ${after.toFixed(1)} s after this scene's drawing, into its hold and the scenes after it.`
    : `${said} It goes on ${after.toFixed(1)} s after the drawing; the finished picture stays on screen until it ends.`;
}
