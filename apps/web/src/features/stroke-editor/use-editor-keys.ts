import { useEffect, useRef } from 'react';

/** Where a key types text (or picks from a list): the editor's shortcuts leave it alone there. */
function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['range', 'checkbox', 'radio', 'button'].includes(target.type)
  );
}

/**
 * The editor's keys, anywhere on the page while it is shown (except in a text field): Ctrl+Z or
 * Cmd+Z undoes, Ctrl+Shift+Z, Cmd+Shift+Z or Ctrl+Y redoes, Delete or Backspace deletes the
 * selection, Escape lets it go.
 */
export function useEditorKeys(actions: {
  undo: () => void;
  redo: () => void;
  deleteSelection: () => void;
  clearSelection: () => void;
}) {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || typesText(event.target)) return;
      const { undo, redo, deleteSelection, clearSelection } = latest.current;
      const command = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      let action: (() => void) | null = null;
      if (command && key === 'z') action = event.shiftKey ? redo : undo;
      else if (command && key === 'y') action = redo;
      else if (!command && (event.key === 'Delete' || event.key === 'Backspace'))
        action = deleteSelection;
      else if (event.key === 'Escape') action = clearSelection;
      if (!action) return;
      // Escape may close something else too (a dialog): it is not taken from it.
      if (action !== clearSelection) event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
