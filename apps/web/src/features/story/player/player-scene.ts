import type { StrokePlanInput } from '@/features/stroke-editor/messages';
import type { SceneTransition, StrokeEdits, TextBlock } from '@/lib/contract';

/** A scene as the story player plays it. */
export interface PlayerScene {
  id: string;
  /**
   * What its picture's strokes are planned from, as the stroke editor's preview plans them (the
   * same object while nothing in it changes); null for a blank board.
   */
  plan: StrokePlanInput | null;
  edits: StrokeEdits;
  /** A blank board: its drawing time is all the text's. */
  blank: boolean;
  /** Its picture is the video's frame, with no paper around it (`fillsFrame`). */
  fillsFrame: boolean;
  drawingTime: number;
  holdSeconds: number;
  texts: readonly TextBlock[];
  transition: SceneTransition;
}
