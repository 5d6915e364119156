import { useCallback, useMemo, useReducer } from 'react';
import { strokeEditLengthProblem, strokeEditsSchema, type StrokeEdits } from '@/lib/contract';
import {
  applyEdit,
  historyOf,
  historyReducer,
  NO_EDITS,
  pruneEdits,
  type AnyPartId,
  type StrokeEdit,
} from './edit-history';

/**
 * The stroke edits of the image being worked on, with their history. `edits` is what Generate
 * sends and a project saves; `reset(edits)` puts saved edits back (with no history). An edit the
 * create call would refuse (past the contract's limits, and with the picture's size the strokes'
 * summed length) is not made: `edit` returns why.
 */
export function useStrokeEdits(initial: StrokeEdits = NO_EDITS) {
  const [history, dispatch] = useReducer(historyReducer, initial, historyOf);
  const { present } = history;

  const edit = useCallback(
    (change: StrokeEdit, picture?: { width: number; height: number }): string | null => {
      const checked = strokeEditsSchema.safeParse(applyEdit(present, change));
      if (!checked.success) return checked.error.issues[0]?.message ?? 'This edit is not possible';
      const tooLong = picture && strokeEditLengthProblem(checked.data, picture);
      if (tooLong) return tooLong.message;
      dispatch(change);
      return null;
    },
    [present],
  );

  return useMemo(
    () => ({
      edits: present,
      canUndo: history.past.length > 0,
      canRedo: history.future.length > 0,
      edit,
      undo: () => dispatch({ type: 'undo' }),
      redo: () => dispatch({ type: 'redo' }),
      reset: (edits: StrokeEdits) => dispatch({ type: 'reset', edits }),
      /** Whether some edits are of parts for which `exists` is false. */
      dropsEdits: (exists: (part: AnyPartId) => boolean) => pruneEdits(present, exists).dropped,
      /** Drops the edits of parts the drawing no longer has. */
      prune: (exists: (part: AnyPartId) => boolean) => dispatch({ type: 'prune', exists }),
    }),
    [present, history.past.length, history.future.length, edit],
  );
}

export type StrokeEditsState = ReturnType<typeof useStrokeEdits>;
