import * as ToastPrimitive from '@radix-ui/react-toast';

/** A toast's Undo: puts back what the toast says was just done. */
export function ToastUndoAction({ onUndo }: { onUndo: () => void }) {
  return (
    <ToastPrimitive.Action altText="Undo" asChild>
      <button
        type="button"
        onClick={onUndo}
        className="inline-flex h-8 shrink-0 items-center self-center rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-50"
      >
        Undo
      </button>
    </ToastPrimitive.Action>
  );
}
