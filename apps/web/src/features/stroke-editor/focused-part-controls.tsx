import { isAddedPartId, parsePartId, type Direction, type StrokeEdits } from '@/lib/contract';
import type { AnyPartId } from './edit-history';
import { PartControls } from './part-controls';
import { movePart } from './part-order';
import type { StrokeEditorController } from './use-stroke-editor';

/** The controls of the focused part, showing its edits and editing it. */
export function FocusedPartControls({
  editor: { order, view, edit },
  part,
  edits,
  direction,
}: {
  editor: StrokeEditorController;
  part: AnyPartId;
  edits: StrokeEdits;
  /** The settings' direction: a part's own when neither its edit nor its zone turns it. */
  direction: Direction;
}) {
  const partEdit = edits.parts?.[part];
  return (
    <PartControls
      part={part}
      index={order.indexOf(part)}
      count={order.length}
      timeScale={partEdit?.timeScale ?? 1}
      direction={
        partEdit?.direction ?? view?.directions[parsePartId(part)?.group ?? 0] ?? direction
      }
      deleted={(edits.deleted ?? []).filter((stroke) => stroke.part === part).length}
      removed={partEdit?.removed === true}
      onMove={(index) => edit({ type: 'reorder', order: movePart(order, part, index) })}
      onTimeScale={(timeScale) => edit({ type: 'time-scale', part, timeScale })}
      onDirection={(chosen: Direction) => edit({ type: 'direction', part, direction: chosen })}
      onRestore={() => {
        if (!isAddedPartId(part)) edit({ type: 'restore', part });
      }}
    />
  );
}
