import { FPS, strokeEditPoints } from '@rasma/engine/outline';
import { useEffect, useMemo, useReducer, useRef, useState, type Dispatch } from 'react';
import { isAddedPartId, type AddedPartId, type StrokeEdits } from '@/lib/contract';
import { deletionOf } from './delete-selection';
import type { AnyPartId } from './edit-history';
import {
  editorReducer,
  INITIAL_EDITOR_STATE,
  type EditorAction,
  type EditorState,
} from './editor-state';
import { freehandPoints, type PenSample } from './freehand';
import type { PlayData, StrokePlanInput, StrokeView } from './messages';
import { drawingOrder, insertPart, nextAddedPart } from './part-order';
import { PlaybackClock, useClockPlaying } from './playback-clock';
import { isEmpty, NOTHING_SELECTED, pick, selectedStrokes, type Selection } from './selection';
import type { Tool } from './stroke-canvas';
import { StrokeIndex } from './stroke-index';
import type { StrokeWorker } from './stroke-worker';
import { useEditorKeys } from './use-editor-keys';
import type { StrokeEditsState } from './use-stroke-edits';
import { useStrokeView } from './use-stroke-view';

type Change = Parameters<StrokeEditsState['edit']>[0];

/**
 * The stroke editor's state and what its controls do: the drawing shown, the selection, the tool,
 * the preview and why an edit was refused. Edits go through `strokeEdits` (with their history).
 */
export function useStrokeEditor({
  worker,
  input,
  strokeEdits,
  soundSeconds,
}: {
  worker: StrokeWorker;
  input: StrokePlanInput;
  strokeEdits: StrokeEditsState;
  /** With sound, the preview plays the whole video this long (s), not the drawing alone. */
  soundSeconds: number | null;
}) {
  const { edits } = strokeEdits;
  const [state, dispatch] = useReducer(editorReducer, INITIAL_EDITOR_STATE);
  // New settings: the edits of parts the new drawing lacks are dropped, and the person told.
  const { view, shownEdits, pending, failed } = useStrokeView({
    worker,
    input,
    edits,
    play: state.previewOpen,
    onPlanned: dropEditsOfMissingParts(strokeEdits, dispatch),
  });
  const playback = usePlayback(state.previewOpen, view?.play, soundSeconds, dispatch);
  const { drawing, current, marked } = useShownSelection(view, state.selection);
  const select = (next: Selection) => dispatch({ type: 'select', view, selection: next });
  /** The image the edits are in: their strokes' summed length is bounded by its size. */
  const source = view ? { width: view.sourceWidth, height: view.sourceHeight } : undefined;
  const edit = (change: Change) => {
    const refused = strokeEdits.edit(change, source);
    dispatch({ type: 'edited', refusal: refused });
    return refused === null;
  };
  /** The edited drawing is the one the edits ask for: the selection's strokes can be named. */
  const upToDate = view !== null && shownEdits === edits;
  const deleteSelection = () => {
    if (!view || !marked || !upToDate || isEmpty(current)) return;
    const deletion = deletionOf(view.parts, marked, edits, centreLineOf(view));
    if (!deletion) return;
    if ('refusal' in deletion) return dispatch({ type: 'refusal', refusal: deletion.refusal });
    const refused = strokeEdits.edit(deletion.edit, source);
    const selected = marked.reduce((n, flag) => n + flag, 0);
    dispatch({ type: 'edited', refusal: refused && `${selected} strokes selected: ${refused}.` });
    if (!refused) select(NOTHING_SELECTED);
  };
  const clearRefusal = () => dispatch({ type: 'refusal', refusal: null });
  const undo = () => {
    strokeEdits.undo();
    clearRefusal();
  };
  const redo = () => {
    strokeEdits.redo();
    clearRefusal();
  };
  useEditorKeys({ undo, redo, deleteSelection, clearSelection: () => select(NOTHING_SELECTED) });

  // Every part, in the order the edits give (newer than the one shown while the worker catches up).
  const order = useMemo(() => (view ? drawingOrder(view.plannedParts, edits) : []), [view, edits]);
  const focus = current.focus && order.includes(current.focus) ? current.focus : null;
  const pen = usePen({ edits, order, focus, edit, select, dispatch });
  const pickStrokes = (strokes: number[], additive: boolean) => {
    if (!view || !drawing) return;
    const last = strokes.at(-1);
    const partOf = (stroke: number) => view.parts[drawing.strokePart[stroke]!]!.id;
    select(pick(current, { strokes, focus: last === undefined ? null : partOf(last) }, additive));
  };

  return {
    ...state,
    view,
    pending,
    failed,
    source,
    drawing,
    marked,
    current,
    order,
    focus,
    focusPart: focus ? view?.parts.find((part) => part.id === focus) : undefined,
    playback,
    canDelete: upToDate && !isEmpty(current),
    edit,
    select,
    pickStrokes,
    deleteSelection,
    undo,
    redo,
    ...pen,
  };
}

export type StrokeEditorController = ReturnType<typeof useStrokeEditor>;

/** A new plan's parts: the edits of parts it lacks are dropped, and the person told. */
const dropEditsOfMissingParts =
  (strokeEdits: StrokeEditsState, dispatch: Dispatch<EditorAction>) =>
  ({ plannedParts }: StrokeView) => {
    const planned = new Set(plannedParts);
    const exists = (part: AnyPartId) => isAddedPartId(part) || planned.has(part);
    if (!strokeEdits.dropsEdits(exists)) return;
    strokeEdits.prune(exists);
    dispatch({ type: 'dropped' });
  };

/**
 * The preview's clock, fed the frames of the drawing while the preview is open: with sound, the
 * frames of the whole video (the finished picture stays while the sound plays on).
 */
function usePlayback(
  open: boolean,
  play: PlayData | undefined,
  soundSeconds: number | null,
  dispatch: Dispatch<EditorAction>,
) {
  const data = open ? play : undefined;
  const frames = data ? Math.max(data.drawFrames, Math.round((soundSeconds ?? 0) * FPS)) : 0;
  const [clock] = useState(() => new PlaybackClock());
  useEffect(() => () => clock.dispose(), [clock]);
  useEffect(() => clock.setFrames(frames, data !== undefined));
  return {
    clock,
    open,
    /** The frames the preview plays: the drawing's, or the whole video's with sound. */
    frames,
    /** What the preview draws (once the worker has it). */
    data,
    playing: useClockPlaying(clock),
    play: () => {
      dispatch({ type: 'preview', open: true });
      clock.play();
    },
    pause: () => clock.pause(),
    close: () => {
      clock.pause();
      dispatch({ type: 'preview', open: false });
    },
  };
}

/** The drawing's strokes, and which of them the selection marks. */
function useShownSelection(view: StrokeView | null, selection: EditorState['selection']) {
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
  return { drawing, current, marked };
}

/** The draw tool: each go of it makes one new part, drawn after the focused part. */
function usePen({
  edits,
  order,
  focus,
  edit,
  select,
  dispatch,
}: {
  edits: StrokeEdits;
  order: AnyPartId[];
  focus: AnyPartId | null;
  edit: (change: Change) => boolean;
  select: (selection: Selection) => void;
  dispatch: Dispatch<EditorAction>;
}) {
  /** The hand-drawn part the draw tool adds to, once it has drawn in this go. */
  const drawingPart = useRef<AddedPartId | null>(null);
  return {
    chooseTool: (tool: Tool) => {
      drawingPart.current = null;
      dispatch({ type: 'tool', tool });
    },
    draw: (samples: PenSample[]) => {
      const points = freehandPoints(samples);
      if (points.length < 2) return;
      const added = (edits.added ?? []).map((stroke) => stroke.part);
      let part = drawingPart.current;
      let placed: AnyPartId[] | undefined;
      if (!part || !added.includes(part)) {
        part = nextAddedPart(added);
        placed = insertPart(order, part, focus);
      }
      if (edit({ type: 'draw', stroke: { part, points }, order: placed })) {
        drawingPart.current = part;
        select({ ...NOTHING_SELECTED, focus: part });
      }
    },
  };
}

/** A stroke's centre line in the image's pixels (what a deletion keeps of it). */
const centreLineOf = (view: StrokeView) => (stroke: number) =>
  strokeEditPoints(
    { pixels: Array.from(view.pixels.subarray(view.offsets[stroke], view.offsets[stroke + 1])) },
    view.width,
    view.width / view.sourceWidth,
  );

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
