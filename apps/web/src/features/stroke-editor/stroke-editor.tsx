import type { Zone } from '@/features/workspace/zones/zone';
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
}

/**
 * The "Edit strokes" mode: the strokes the video will draw, over the faded image, with the parts
 * on a timeline under them. Strokes and parts are selected, deleted, moved, timed, turned and
 * drawn by hand; every edit can be undone; Play shows the drawing as the video will, for free.
 * Its state and what its controls do are useStrokeEditor's: this only shows them.
 */
export function StrokeEditor({
  worker,
  input,
  previewUrl,
  zones,
  settings,
  strokeEdits,
}: StrokeEditorProps) {
  const editor = useStrokeEditor({ worker, input, strokeEdits });
  const { view, current, focus, playback } = editor;
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
        onPlay={playback.play}
        onPause={playback.pause}
      />
      <StrokeStage editor={editor} previewUrl={previewUrl} hand={settings.hand} />
      {playback.open && (
        <PreviewBar
          clock={playback.clock}
          drawFrames={playback.data?.drawFrames ?? 0}
          onClose={playback.close}
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
        />
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
