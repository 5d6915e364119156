import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { PlayData, StrokePlanInput } from '@/features/stroke-editor/messages';
import { useStrokeWorker } from '@/features/stroke-editor/use-stroke-view';
import type { StrokeEdits } from '@/lib/contract';
import type { PlayerScene } from './player-scene';

/** A scene's picture as its preview draws it. */
export interface PlannedPicture {
  edits: StrokeEdits;
  play: PlayData;
  width: number;
  height: number;
  /** When each part of the drawing ends, a share of the picture's drawing (for the text's moments). */
  partEnds: ReadonlyMap<string, number>;
}

/**
 * Each scene's picture, planned by one stroke worker one scene after another (a story's pictures
 * are not all held in planning at once); kept while a scene's plan input and edits stay the same
 * objects. `pictures[i]` is undefined until scene i's is there, and for a scene without a plan;
 * `waiting` of the `toPlan` scenes with a plan are not there yet.
 */
export function usePlannedPictures(scenes: readonly PlayerScene[]) {
  const worker = useStrokeWorker();
  const state = useSyncExternalStore(worker.subscribe, worker.state);
  const [planned, setPlanned] = useState(() => new Map<StrokePlanInput, PlannedPicture>());
  const pictures = useMemo(
    () =>
      scenes.map((scene) => {
        const picture = scene.plan && planned.get(scene.plan);
        return picture?.edits === scene.edits ? picture : undefined;
      }),
    [scenes, planned],
  );
  const next = scenes.find((scene, i) => scene.plan && !pictures[i]);

  useEffect(() => {
    if (next?.plan) worker.ask(next.plan, next.edits, true);
  }, [worker, next?.plan, next?.edits]);

  const shown = useRef(scenes);
  useEffect(() => {
    shown.current = scenes;
  });
  const { view, input, shownEdits } = state;
  useEffect(() => {
    const play = view?.play;
    if (!play || !input || !shownEdits) return;
    const drawing = view.parts.at(-1)?.end || 1;
    const picture: PlannedPicture = {
      edits: shownEdits,
      play,
      width: view.width,
      height: view.height,
      partEnds: new Map(view.parts.map((part) => [part.id, part.end / drawing])),
    };
    setPlanned((old) => {
      if (old.get(input)?.play === play) return old;
      // Only the scenes' current pictures are kept.
      const inUse = new Set(shown.current.map((scene) => scene.plan));
      return new Map([...old].filter(([plan]) => inUse.has(plan))).set(input, picture);
    });
  }, [view, input, shownEdits]);

  const toPlan = scenes.filter((scene) => scene.plan).length;
  const waiting = scenes.filter((scene, i) => scene.plan && !pictures[i]).length;
  return { pictures, toPlan, waiting, failed: state.failed };
}
