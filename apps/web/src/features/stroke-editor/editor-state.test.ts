import { describe, expect, it } from 'vitest';
import { editorReducer, INITIAL_EDITOR_STATE, statusText } from './editor-state';
import { NOTHING_SELECTED } from './selection';

describe('editorReducer', () => {
  it('ends the dropped notice when an edit is made, not when one is refused', () => {
    const dropped = editorReducer(INITIAL_EDITOR_STATE, { type: 'dropped' });
    const refused = editorReducer(dropped, { type: 'edited', refusal: 'Too many strokes' });
    expect(refused).toMatchObject({ dropped: true, refusal: 'Too many strokes' });
    expect(editorReducer(refused, { type: 'edited', refusal: null })).toMatchObject({
      dropped: false,
      refusal: null,
    });
  });

  it('keeps the selection as it is while other things change', () => {
    const selected = editorReducer(INITIAL_EDITOR_STATE, {
      type: 'select',
      view: null,
      selection: { ...NOTHING_SELECTED, focus: 'added.1' },
    });
    const next = editorReducer(selected, { type: 'tool', tool: 'draw' });
    expect(next.selection).toBe(selected.selection);
    expect(next.tool).toBe('draw');
  });
});

describe('statusText', () => {
  const state = { ...INITIAL_EDITOR_STATE, failed: false, shown: true };
  it('says why an edit was refused before anything else but a failure', () => {
    expect(statusText({ ...state, refusal: 'No', dropped: true })).toBe('No');
    expect(statusText({ ...state, refusal: 'No', failed: true })).toMatch(/could not be worked/);
    expect(statusText({ ...state, shown: false })).toBe('Working out the strokes…');
    expect(statusText({ ...state, dropped: true })).toMatch(/no longer match/);
    expect(statusText({ ...state, tool: 'draw' })).toMatch(/^Draw on the image/);
  });
});
