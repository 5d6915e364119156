import { useCallback, useState } from 'react';
import {
  DEFAULT_AI_MODEL,
  DEFAULT_DIRECTION,
  DEFAULT_HAND,
  DEFAULT_VIDEO_SHAPE,
  DRAWING_TIME,
  GRAYSCALE_LEVEL,
  type AiModel,
  type Direction,
  type ExportFormat,
  type Hand,
  type ProjectSettings,
  type VideoShape,
} from '@/lib/contract';
import { useAiPreference } from '../api';
import { drawingTimeRefusal, drawingTimeSeconds, isAcceptedDrawingTimeEntry } from './drawing-time';

/** The settings each scene of a story has its own of; the others are the whole video's. */
export type SceneSettings = Pick<ProjectSettings, 'drawingTime' | 'grayscaleLevel' | 'direction'>;

/**
 * The video's settings. The model starts as the user's last one (the server's preference) until
 * one is picked here; the fill goes back to its default with each new image.
 */
export function useVideoSettings() {
  const preference = useAiPreference();
  const [pickedModel, setModel] = useState<AiModel | null>(null);
  const [drawingTimeEntry, setDrawingTimeEntry] = useState(String(DRAWING_TIME.default));
  const [refusedEntry, setRefusedEntry] = useState<string | null>(null);
  const [grayscaleLevel, setGrayscaleLevel] = useState<number>(GRAYSCALE_LEVEL.default);
  const [direction, setDirection] = useState<Direction>(DEFAULT_DIRECTION);
  const [shape, setShape] = useState<VideoShape>(DEFAULT_VIDEO_SHAPE);
  const [hand, setHand] = useState<Hand>(DEFAULT_HAND);
  const [exports, setExports] = useState<ExportFormat[]>([]);

  /** Puts back a scene's own settings (a story's scenes each have theirs). */
  const restoreScene = useCallback((scene: SceneSettings) => {
    setDrawingTimeEntry(String(scene.drawingTime));
    setRefusedEntry(null);
    setGrayscaleLevel(scene.grayscaleLevel);
    setDirection(scene.direction);
  }, []);

  /** Puts back the settings a project was saved with. */
  const restore = useCallback(
    (saved: ProjectSettings) => {
      setModel(saved.aiModel);
      restoreScene(saved);
      setShape(saved.shape ?? DEFAULT_VIDEO_SHAPE);
      setHand(saved.hand ?? DEFAULT_HAND);
    },
    [restoreScene],
  );

  return {
    aiModel: pickedModel ?? preference.data?.aiModel ?? DEFAULT_AI_MODEL,
    setModel,
    drawingTimeEntry,
    /** The drawing time in seconds; null while the field is empty. */
    drawingTime: drawingTimeSeconds(drawingTimeEntry),
    /** Why the last edit of the field was not applied; null once an edit is. */
    drawingTimeRefusal: refusedEntry === null ? null : drawingTimeRefusal(refusedEntry),
    /** Takes an edit of the field unless it is out of range or not a whole number. */
    editDrawingTime: (entry: string) => {
      const accepted = isAcceptedDrawingTimeEntry(entry);
      if (accepted) setDrawingTimeEntry(entry);
      setRefusedEntry(accepted ? null : entry);
    },
    grayscaleLevel,
    setGrayscaleLevel,
    resetFill: () => setGrayscaleLevel(GRAYSCALE_LEVEL.default),
    direction,
    setDirection,
    shape,
    setShape,
    hand,
    setHand,
    /** The files to make beside the MP4 (the video's alone: not kept with the project). */
    exports,
    setExports,
    restore,
    restoreScene,
  };
}

export type VideoSettings = ReturnType<typeof useVideoSettings>;
