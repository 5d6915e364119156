import { MAX_SHOWN_HEIGHT } from '@/features/workspace/canvas/image-stage';
import { DrawingPreview } from './drawing-preview';
import type { StrokePlanSettings } from './plan-input';
import { StrokeCanvas } from './stroke-canvas';
import type { StrokeEditorController } from './use-stroke-editor';

/**
 * The strokes over the faded image, at the image's shape: picked and drawn on with the tool, and
 * the preview drawing them over it while it plays.
 */
export function StrokeStage({
  editor,
  previewUrl,
  hand,
}: {
  editor: StrokeEditorController;
  previewUrl: string;
  hand: StrokePlanSettings['hand'];
}) {
  const { view, drawing, marked, source, playback } = editor;
  return (
    <div
      aria-busy={editor.pending}
      className="relative mx-auto w-full max-w-full overflow-hidden rounded-lg bg-white"
      style={
        source
          ? {
              width: `min(100%, calc(${MAX_SHOWN_HEIGHT} * ${source.width / source.height}))`,
              aspectRatio: `${source.width} / ${source.height}`,
            }
          : undefined
      }
    >
      <img
        src={previewUrl}
        alt=""
        draggable={false}
        className={
          source
            ? 'absolute inset-0 h-full w-full opacity-25 select-none'
            : 'mx-auto block max-h-[65vh] w-auto max-w-full opacity-25 select-none'
        }
      />
      {view && drawing && marked && source && (
        <StrokeCanvas
          picture={view}
          source={source}
          inkStroke={view.inkStroke}
          marked={marked}
          index={drawing.index}
          tool={editor.tool}
          onPick={editor.pickStrokes}
          onDraw={editor.draw}
        />
      )}
      {playback.data && view && (
        <DrawingPreview
          data={playback.data}
          clock={playback.clock}
          hand={hand}
          width={view.width}
          height={view.height}
        />
      )}
    </div>
  );
}
