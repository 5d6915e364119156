import { strokeEditPoints } from '@rasma/engine/outline';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isAddedPartId, parsePartId, type AddedPartId, type Direction } from '@/lib/contract';
import { MAX_SHOWN_HEIGHT } from '@/features/workspace/canvas/image-stage';
import type { Zone } from '@/features/workspace/zones/zone';
import { deletionOf } from './delete-selection';
import { DrawingPreview } from './drawing-preview';
import type { AnyPartId } from './edit-history';
import { EditorToolbar } from './editor-toolbar';
import { freehandPoints, type PenSample } from './freehand';
import type { StrokePlanInput, StrokeView } from './messages';
import { PartControls } from './part-controls';
import type { StrokePlanSettings } from './plan-input';
import { drawingOrder, insertPart, movePart, nextAddedPart } from './part-order';
import { PartTimeline, type TimelinePart } from './part-timeline';
import { PlaybackClock, useClockPlaying } from './playback-clock';
import { PreviewBar } from './preview-bar';
import { isEmpty, NOTHING_SELECTED, pick, selectedStrokes, type Selection } from './selection';
import { StrokeCanvas, type Tool } from './stroke-canvas';
import { StrokeIndex } from './stroke-index';
import type { StrokeWorker } from './stroke-worker';
import { useEditorKeys } from './use-editor-keys';
import type { StrokeEditsState } from './use-stroke-edits';
import { useStrokeView } from './use-stroke-view';

/** Colours of the parts that are not a zone's: the rest of the picture, and your strokes. */
const PICTURE_COLOUR = '#94a3b8';
const DRAWN_COLOUR = '#0f172a';

/**
 * The "Edit strokes" mode: the strokes the video will draw, over the faded image, with the parts
 * on a timeline under them. Strokes and parts are selected, deleted, moved, timed, turned and
 * drawn by hand; every edit can be undone; Play shows the drawing as the video will, for free.
 */
export function StrokeEditor({
  worker,
  input,
  previewUrl,
  zones,
  settings,
  strokeEdits,
}: {
  /** The image's stroke worker (it may have planned the strokes ahead). */
  worker: StrokeWorker;
  /** The image the video is made from (inverted when it is), its zones and settings. */
  input: StrokePlanInput;
  previewUrl: string;
  /** The zones, for their colours. */
  zones: readonly Zone[];
  settings: StrokePlanSettings;
  strokeEdits: StrokeEditsState;
}) {
  const { direction, hand } = settings;
  const { edits } = strokeEdits;
  const [previewOpen, setPreviewOpen] = useState(false);
  const [dropped, setDropped] = useState(false);
  // New settings: the edits of parts the new drawing lacks are dropped, and the person told.
  const { view, shownEdits, pending, failed } = useStrokeView({
    worker,
    input,
    edits,
    play: previewOpen,
    onPlanned: ({ plannedParts }) => {
      const planned = new Set(plannedParts);
      const exists = (part: AnyPartId) => isAddedPartId(part) || planned.has(part);
      if (!strokeEdits.dropsEdits(exists)) return;
      strokeEdits.prune(exists);
      setDropped(true);
    },
  });
  const [tool, setTool] = useState<Tool>('select');
  const [selection, setSelection] = useState<{ view: StrokeView | null } & Selection>({
    view: null,
    ...NOTHING_SELECTED,
  });
  /** The hand-drawn part the draw tool adds to, once it has drawn in this go. */
  const drawingPart = useRef<AddedPartId | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const playData = previewOpen ? view?.play : undefined;
  const [clock] = useState(() => new PlaybackClock());
  useEffect(() => () => clock.dispose(), [clock]);
  useEffect(() => clock.setFrames(playData?.drawFrames ?? 0, playData !== undefined));
  const playing = useClockPlaying(clock);

  const drawing = useMemo(() => (view ? drawingOf(view) : null), [view]);
  // A selection of strokes belongs to the drawing it was made on; parts outlive it.
  const current = useMemo<Selection>(
    () => ({
      strokes: selection.view === view ? selection.strokes : NOTHING_SELECTED.strokes,
      parts: selection.parts,
      focus: selection.focus,
    }),
    [selection, view],
  );
  const marked = useMemo(
    () => drawing && selectedStrokes(current, drawing.strokePart, drawing.partIds),
    [drawing, current],
  );

  const select = (next: Selection) => setSelection({ view, ...next });
  /** The image the edits are in: their strokes' summed length is bounded by its size. */
  const source = view ? { width: view.sourceWidth, height: view.sourceHeight } : undefined;
  const edit = (change: Parameters<StrokeEditsState['edit']>[0]) => {
    const refused = strokeEdits.edit(change, source);
    setRefusal(refused);
    if (!refused) setDropped(false);
    return refused === null;
  };

  /** The edited drawing is the one the edits ask for: the selection's strokes can be named. */
  const upToDate = view !== null && shownEdits === edits;
  const deleteSelection = () => {
    if (!view || !drawing || !marked || !upToDate || isEmpty(current)) return;
    const zoneScale = view.width / view.sourceWidth;
    const deletion = deletionOf(view.parts, marked, edits, (stroke) =>
      strokeEditPoints(
        {
          pixels: Array.from(view.pixels.subarray(view.offsets[stroke], view.offsets[stroke + 1])),
        },
        view.width,
        zoneScale,
      ),
    );
    if (!deletion) return;
    if ('refusal' in deletion) {
      setRefusal(deletion.refusal);
      return;
    }
    const refused = strokeEdits.edit(deletion.edit, source);
    const selected = marked.reduce((n, flag) => n + flag, 0);
    setRefusal(refused && `${selected} strokes selected: ${refused}.`);
    if (!refused) {
      setDropped(false);
      select(NOTHING_SELECTED);
    }
  };

  const undo = () => {
    strokeEdits.undo();
    setRefusal(null);
  };
  const redo = () => {
    strokeEdits.redo();
    setRefusal(null);
  };
  useEditorKeys({
    undo,
    redo,
    deleteSelection,
    clearSelection: () => select(NOTHING_SELECTED),
  });

  // Every part, in the order the edits give (newer than the one shown while the worker catches up).
  const order = useMemo(() => (view ? drawingOrder(view.plannedParts, edits) : []), [view, edits]);
  const focus = current.focus && order.includes(current.focus) ? current.focus : null;
  const focusPart = focus ? view?.parts.find((part) => part.id === focus) : undefined;

  const onDraw = (samples: PenSample[]) => {
    const points = freehandPoints(samples);
    if (points.length < 2) return;
    let part = drawingPart.current;
    let placed: AnyPartId[] | undefined;
    if (!part || !(edits.added ?? []).some((stroke) => stroke.part === part)) {
      part = nextAddedPart((edits.added ?? []).map((stroke) => stroke.part));
      placed = insertPart(order, part, focus);
    }
    if (edit({ type: 'draw', stroke: { part, points }, order: placed })) {
      drawingPart.current = part;
      select({ ...NOTHING_SELECTED, focus: part });
    }
  };

  const total = view?.parts.at(-1)?.end || 1;
  const timelineParts: TimelinePart[] = (view?.parts ?? []).map(({ id, ...part }) => {
    return {
      id,
      start: part.start / total,
      share: (part.end - part.start) / total,
      colour:
        part.group > 0
          ? (zones[part.group - 1]?.colour ?? PICTURE_COLOUR)
          : isAddedPartId(id)
            ? DRAWN_COLOUR
            : PICTURE_COLOUR,
      selected:
        current.parts.has(id) ||
        (marked?.subarray(part.first, part.first + part.strokes).includes(1) ?? false),
      removed: part.removed === true,
    };
  });

  return (
    <div className="grid min-w-0 gap-3">
      <EditorToolbar
        tool={tool}
        onTool={(next) => {
          // Each go of the draw tool makes one new part.
          drawingPart.current = null;
          setTool(next);
        }}
        canDelete={upToDate && !isEmpty(current)}
        onDelete={deleteSelection}
        canUndo={strokeEdits.canUndo}
        canRedo={strokeEdits.canRedo}
        onUndo={undo}
        onRedo={redo}
        playing={playing}
        onPlay={() => {
          setPreviewOpen(true);
          clock.play();
        }}
        onPause={() => clock.pause()}
      />
      <div
        aria-busy={pending}
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
            tool={tool}
            onPick={(strokes, additive) => {
              const first = strokes[0];
              const partOf = (stroke: number) => view.parts[drawing.strokePart[stroke]!]!.id;
              select(
                pick(
                  current,
                  {
                    strokes,
                    focus: first === undefined ? null : partOf(strokes.at(-1) ?? first),
                  },
                  additive,
                ),
              );
            }}
            onDraw={onDraw}
          />
        )}
        {playData && view && (
          <DrawingPreview
            data={playData}
            clock={clock}
            hand={hand}
            width={view.width}
            height={view.height}
          />
        )}
      </div>
      {previewOpen && (
        <PreviewBar
          clock={clock}
          drawFrames={playData?.drawFrames ?? 0}
          onClose={() => {
            clock.pause();
            setPreviewOpen(false);
          }}
        />
      )}
      <p role="status" className="min-h-4 px-1 text-xs text-slate-600">
        {failed
          ? 'The strokes could not be worked out in this browser.'
          : !view
            ? 'Working out the strokes…'
            : (refusal ??
              (dropped
                ? 'Some edits no longer match the drawing'
                : tool === 'draw'
                  ? 'Draw on the image: your strokes become one new part, drawn after the selected part.'
                  : 'Click a stroke or a part to select it (Shift adds), or drag around strokes.'))}
      </p>
      {view && (
        <PartTimeline
          parts={timelineParts}
          progress={playData && { clock, drawFrames: playData.drawFrames }}
          onSelect={(part, additive) =>
            select(pick(current, { parts: [part], focus: part }, additive))
          }
          onMove={(part, index) => edit({ type: 'reorder', order: movePart(order, part, index) })}
        />
      )}
      {focus && focusPart && (
        <PartControls
          part={focus}
          index={order.indexOf(focus)}
          count={order.length}
          timeScale={edits.parts?.[focus]?.timeScale ?? 1}
          direction={
            edits.parts?.[focus]?.direction ??
            view?.directions[parsePartId(focus)?.group ?? 0] ??
            direction
          }
          deleted={(edits.deleted ?? []).filter((stroke) => stroke.part === focus).length}
          removed={edits.parts?.[focus]?.removed === true}
          onMove={(index) => edit({ type: 'reorder', order: movePart(order, focus, index) })}
          onTimeScale={(timeScale) => edit({ type: 'time-scale', part: focus, timeScale })}
          onDirection={(chosen: Direction) =>
            edit({ type: 'direction', part: focus, direction: chosen })
          }
          onRestore={() => {
            if (!isAddedPartId(focus)) edit({ type: 'restore', part: focus });
          }}
        />
      )}
    </div>
  );
}

/** What the canvas and the timeline need of a drawing: its strokes' parts and their index. */
function drawingOf(view: StrokeView) {
  const strokePart = new Int32Array(view.offsets.length - 1);
  view.parts.forEach((part, i) => strokePart.fill(i, part.first, part.first + part.strokes));
  return {
    strokePart,
    partIds: view.parts.map((part) => part.id),
    index: new StrokeIndex(view, view.grid),
  };
}
