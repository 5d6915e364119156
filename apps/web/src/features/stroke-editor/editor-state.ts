import type { StrokeView } from './messages';
import { NOTHING_SELECTED, type Selection } from './selection';
import type { Tool } from './stroke-canvas';

/** What the editor holds besides the edits themselves (useStrokeEdits keeps those). */
export interface EditorState {
  tool: Tool;
  /** Play was pressed and the preview not closed since. */
  previewOpen: boolean;
  /** New settings dropped the edits of parts the new drawing lacks (the person is told). */
  dropped: boolean;
  /** Why the last edit was not made. */
  refusal: string | null;
  /** What is selected, with the drawing its strokes were picked on. */
  selection: { view: StrokeView | null } & Selection;
}

export type EditorAction =
  | { type: 'tool'; tool: Tool }
  | { type: 'preview'; open: boolean }
  /** The edits of parts the new drawing lacks were dropped. */
  | { type: 'dropped' }
  /** An edit was tried: made (`refusal` null, which ends the dropped notice) or refused. */
  | { type: 'edited'; refusal: string | null }
  /** Only the refusal changes: why an edit cannot be made, or null (undo, redo). */
  | { type: 'refusal'; refusal: string | null }
  | { type: 'select'; view: StrokeView | null; selection: Selection };

export const INITIAL_EDITOR_STATE: EditorState = {
  tool: 'select',
  previewOpen: false,
  dropped: false,
  refusal: null,
  selection: { view: null, ...NOTHING_SELECTED },
};

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'tool':
      return { ...state, tool: action.tool };
    case 'preview':
      return { ...state, previewOpen: action.open };
    case 'dropped':
      return { ...state, dropped: true };
    case 'edited':
      return { ...state, refusal: action.refusal, dropped: action.refusal ? state.dropped : false };
    case 'refusal':
      return { ...state, refusal: action.refusal };
    case 'select':
      return { ...state, selection: { view: action.view, ...action.selection } };
  }
}

/** The line under the drawing: what is going on, or what to do. */
export function statusText({
  failed,
  shown,
  refusal,
  dropped,
  tool,
}: Pick<EditorState, 'refusal' | 'dropped' | 'tool'> & { failed: boolean; shown: boolean }) {
  if (failed) return 'The strokes could not be worked out in this browser.';
  if (!shown) return 'Working out the strokes…';
  if (refusal !== null) return refusal;
  if (dropped) return 'Some edits no longer match the drawing';
  return tool === 'draw'
    ? 'Draw on the image: your strokes become one new part, drawn after the selected part.'
    : 'Click a stroke or a part to select it (Shift adds), or drag around strokes.';
}
