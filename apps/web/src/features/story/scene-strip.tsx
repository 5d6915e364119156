import { ArrowLeft, ArrowRight, Copy, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { ImageSize } from '@/features/upload/image-size';
import { formatDuration } from '@/features/videos/video-facts';
import {
  STORY_LIMITS,
  STORY_MESSAGES,
  TRANSITION_LABELS,
  TRANSITIONS,
  type ProjectScenePicture,
  type SceneTransition,
  type Transition,
} from '@/lib/contract';
import { cn } from '@/lib/utils';
import { SecondsField } from './seconds-field';
import type { Scene, Story } from './story-state';

export interface SceneStripActions {
  onSelect: (id: string) => void;
  onMove: (id: string, to: number) => void;
  onDuplicate: (id: string) => void;
  onDelete: (id: string) => void;
  onTransition: (id: string, transition: SceneTransition) => void;
}

/** A key that moves the focused scene one place: Alt with an arrow. */
const MOVE_KEYS: Record<string, -1 | 1> = { ArrowLeft: -1, ArrowRight: 1 };

/**
 * The story's scenes above the editor: a thumbnail of each in order with its number and length
 * (the open one marked), the transition after each but the last, and the open scene's actions.
 * Scenes are reordered by dragging a thumbnail, by Alt+Left/Right on a focused one, or with the
 * Move buttons; each move is announced. Before there is a story only "Add scene" shows.
 */
export function SceneStrip({
  story,
  told,
  sceneSeconds,
  totalSeconds,
  thumbnail,
  paper,
  refusal,
  addPanel,
  extraActions,
  ...actions
}: {
  story: Story;
  /** Whether the project is a story (else only "Add scene" shows). */
  told: boolean;
  /** Each scene's length, and the whole story's. */
  sceneSeconds: readonly number[];
  totalSeconds: number;
  thumbnail: (picture: ProjectScenePicture) => string | undefined;
  /** A blank board's proportions. */
  paper: ImageSize;
  /** Why the story cannot be made as it is (too long); null when it can. */
  refusal: string | null;
  /** What "Add scene" opens. */
  addPanel: ReactNode;
  /** Beside "Add scene" (the story's Play). */
  extraActions?: ReactNode;
} & SceneStripActions) {
  const { scenes, activeId } = story;
  const [adding, setAdding] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const full = scenes.length >= STORY_LIMITS.maxScenes;
  const activeIndex = scenes.findIndex((scene) => scene.id === activeId);
  const scenesCount = scenes.length;
  // A scene added while the panel is open closes it: the new scene opens in the editor.
  const [shownCount, setShownCount] = useState(scenesCount);
  if (shownCount !== scenesCount) {
    setShownCount(scenesCount);
    setAdding(false);
  }

  // A moved thumbnail keeps the focus it had.
  const thumbnails = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    if (refocus.current === null) return;
    thumbnails.current.get(refocus.current)?.focus();
    refocus.current = null;
  });

  const move = (id: string, to: number, keepFocus: boolean) => {
    if (to < 0 || to >= scenes.length) return;
    actions.onMove(id, to);
    setAnnouncement(`Scene moved to place ${to + 1} of ${scenes.length}.`);
    if (keepFocus) refocus.current = id;
  };

  const onThumbnailKey = (event: KeyboardEvent, index: number, id: string) => {
    const by = MOVE_KEYS[event.key];
    if (!event.altKey || by === undefined) return;
    event.preventDefault();
    move(id, index + by, true);
  };

  return (
    <section
      aria-label="Story"
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 px-1">
        <p className="text-sm font-medium text-slate-700">
          {told
            ? `Story: ${scenes.length} ${scenes.length === 1 ? 'scene' : 'scenes'}, ${formatDuration(totalSeconds)}`
            : 'Tell a story: add scenes drawn one after another.'}
        </p>
        <div className="flex flex-wrap gap-2">
          {extraActions}
          <Button
            variant="outline"
            size="sm"
            aria-expanded={adding}
            disabled={full}
            title={full ? STORY_MESSAGES.tooManyScenes : undefined}
            onClick={() => setAdding((open) => !open)}
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add scene
          </Button>
        </div>
      </div>
      {refusal && (
        <p role="alert" className="px-1 text-sm text-red-700">
          {refusal}
        </p>
      )}
      {adding && !full && addPanel}
      {told && (
        <>
          <ol aria-label="Scenes" className="flex gap-2 overflow-x-auto pb-2">
            {scenes.map((scene, index) => (
              <li
                key={scene.id}
                className="flex shrink-0 items-start gap-2"
                onDragOver={(event) => dragged !== null && event.preventDefault()}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragged !== null) move(dragged, index, false);
                  setDragged(null);
                }}
              >
                <button
                  type="button"
                  ref={(button) => {
                    if (button) thumbnails.current.set(scene.id, button);
                    else thumbnails.current.delete(scene.id);
                  }}
                  aria-label={`Scene ${index + 1}`}
                  aria-current={scene.id === activeId ? 'step' : undefined}
                  aria-keyshortcuts="Alt+ArrowLeft Alt+ArrowRight"
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', scene.id);
                    setDragged(scene.id);
                  }}
                  onDragEnd={() => setDragged(null)}
                  onClick={() => actions.onSelect(scene.id)}
                  onKeyDown={(event) => onThumbnailKey(event, index, scene.id)}
                  className={cn(
                    'grid w-32 gap-1 rounded-lg border-2 p-1 text-left focus-visible:ring-2 focus-visible:ring-ink-soft focus-visible:outline-none',
                    scene.id === activeId
                      ? 'border-ink-soft bg-indigo-50'
                      : 'border-transparent hover:bg-slate-50',
                    dragged === scene.id && 'opacity-50',
                  )}
                >
                  <SceneThumbnail scene={scene} src={thumbnail(scene.picture)} paper={paper} />
                  <span
                    className="flex justify-between px-0.5 text-xs text-slate-600"
                    aria-hidden="true"
                  >
                    <span className="font-semibold text-ink">{index + 1}</span>
                    <span>{formatDuration(sceneSeconds[index] ?? 0)}</span>
                  </span>
                </button>
                {index < scenes.length - 1 && (
                  <TransitionControls
                    after={index + 1}
                    transition={scene.transition}
                    onChange={(transition) => actions.onTransition(scene.id, transition)}
                  />
                )}
              </li>
            ))}
          </ol>
          <div
            role="group"
            aria-label={`Scene ${activeIndex + 1}`}
            className="flex flex-wrap gap-2 px-1"
          >
            <Button
              variant="outline"
              size="sm"
              disabled={activeIndex <= 0}
              onClick={() => move(activeId, activeIndex - 1, false)}
            >
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              Move scene left
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={activeIndex >= scenes.length - 1}
              onClick={() => move(activeId, activeIndex + 1, false)}
            >
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
              Move scene right
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={full}
              onClick={() => actions.onDuplicate(activeId)}
            >
              <Copy className="h-4 w-4" aria-hidden="true" />
              Duplicate scene
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="text-red-600 hover:bg-red-50"
              disabled={scenes.length <= 1}
              onClick={() => actions.onDelete(activeId)}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Delete scene
            </Button>
          </div>
        </>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}

/** A scene's picture, or paper in the story's proportions for a blank board. */
function SceneThumbnail({
  scene,
  src,
  paper,
}: {
  scene: Scene;
  src: string | undefined;
  paper: ImageSize;
}) {
  return (
    <span className="flex aspect-video items-center justify-center overflow-hidden rounded-md bg-slate-100">
      {scene.picture === 'blank' ? (
        <span
          data-testid="blank-paper"
          className="max-h-full max-w-full border border-slate-200 bg-white shadow-sm"
          style={{ aspectRatio: `${paper.width} / ${paper.height}`, height: '100%' }}
        />
      ) : (
        src && (
          <img
            src={src}
            alt=""
            draggable={false}
            className={cn('h-full w-full bg-white object-contain', scene.inverted && 'invert')}
          />
        )
      )}
    </span>
  );
}

/** How scene `after` gives way to the next: its kind and, but for a cut, its seconds. */
function TransitionControls({
  after,
  transition,
  onChange,
}: {
  after: number;
  transition: SceneTransition;
  onChange: (transition: SceneTransition) => void;
}) {
  const { min, max } = STORY_LIMITS.transitionSeconds;
  return (
    <div className="grid w-28 gap-1 self-center text-xs">
      <select
        aria-label={`Transition after scene ${after}`}
        value={transition.kind}
        onChange={(event) => onChange({ ...transition, kind: event.target.value as Transition })}
        className="h-8 rounded-md border border-slate-300 bg-white px-1 text-xs"
      >
        {TRANSITIONS.map((kind) => (
          <option key={kind} value={kind}>
            {TRANSITION_LABELS[kind]}
          </option>
        ))}
      </select>
      {transition.kind !== 'cut' && (
        <span className="flex items-center gap-1 text-slate-600">
          <SecondsField
            aria-label="Transition seconds"
            value={transition.seconds}
            min={min}
            max={max}
            step={0.1}
            className="h-8 px-1.5 text-xs"
            onChange={(seconds) => onChange({ ...transition, seconds })}
          />
          s
        </span>
      )}
    </div>
  );
}
