import { MousePointer2, Pause, Pencil, Play, Redo2, Trash2, Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ToggleButton } from '@/components/ui/toggle-button';
import type { Tool } from './stroke-canvas';

/** The editor's tools and actions: select or draw, delete, undo and redo, play the drawing. */
export function EditorToolbar({
  tool,
  onTool,
  canDelete,
  onDelete,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  playing,
  onPlay,
  onPause,
}: {
  tool: Tool;
  onTool: (tool: Tool) => void;
  canDelete: boolean;
  onDelete: () => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  playing: boolean;
  onPlay: () => void;
  onPause: () => void;
}) {
  return (
    <div role="toolbar" aria-label="Stroke tools" className="flex flex-wrap items-center gap-2">
      <div className="flex gap-1">
        <ToggleButton pressed={tool === 'select'} onClick={() => onTool('select')}>
          <MousePointer2 className="h-4 w-4" aria-hidden="true" />
          Select
        </ToggleButton>
        <ToggleButton
          pressed={tool === 'draw'}
          onClick={() => onTool(tool === 'draw' ? 'select' : 'draw')}
        >
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Draw
        </ToggleButton>
      </div>
      <Button variant="outline" size="sm" disabled={!canDelete} onClick={onDelete}>
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        Delete
      </Button>
      <div className="flex gap-1">
        <Button variant="outline" size="sm" disabled={!canUndo} onClick={onUndo}>
          <Undo2 className="h-4 w-4" aria-hidden="true" />
          Undo
        </Button>
        <Button variant="outline" size="sm" disabled={!canRedo} onClick={onRedo}>
          <Redo2 className="h-4 w-4" aria-hidden="true" />
          Redo
        </Button>
      </div>
      <Button
        variant="accent"
        size="sm"
        className="sm:ml-auto"
        onClick={playing ? onPause : onPlay}
      >
        {playing ? (
          <Pause className="h-4 w-4" aria-hidden="true" />
        ) : (
          <Play className="h-4 w-4" aria-hidden="true" />
        )}
        {playing ? 'Pause' : 'Play'}
      </Button>
    </div>
  );
}
