import type {
  AudioSettings,
  AudioTrack,
  CreateVideoBlobData,
  ExportFormat,
  PreviewOutlineFields,
  ProjectSettings,
  StrokeEdits,
  StrokeMask,
} from '@rasma/contract';
import { hasStrokeEdits } from '@/lib/contract';
import type { Zone } from '../zones/zone';

/** The create call's audio files, by their field names (`voice`, `music`). */
export type AudioFiles = Partial<Record<AudioTrack, File>>;

/**
 * The `blobData` of `POST /api/videos/create`: the zones in list order, the settings, the stroke
 * edits when there are any, the audio settings when there is audio and the exports when any are
 * chosen (without them, nothing: the spec's payload).
 */
export function createVideoBlobData(
  settings: Pick<ProjectSettings, 'direction' | 'grayscaleLevel' | 'aiModel' | 'shape' | 'hand'> &
    ChosenExports,
  drawingTime: number,
  zones: readonly Zone[],
  edits?: StrokeEdits,
  audio?: AudioSettings,
): CreateVideoBlobData {
  return {
    strokeMasks: strokeMasksOf(zones),
    direction: settings.direction,
    grayscaleLevel: settings.grayscaleLevel,
    aiModel: settings.aiModel,
    drawingTime,
    shape: settings.shape,
    hand: settings.hand,
    ...(hasStrokeEdits(edits) && { edits }),
    ...(audio && { audio }),
    ...(settings.exports && settings.exports.length > 0 && { exports: [...settings.exports] }),
  };
}

/** The files chosen at Generate to make beside the MP4; none, none is sent (the spec's payload). */
export interface ChosenExports {
  exports?: readonly ExportFormat[];
}

/** The zones as the create call takes them: a zone's colour is the page's own, not sent. */
export const strokeMasksOf = (zones: readonly Zone[]): StrokeMask[] =>
  zones.map(({ id, points, brushSize, direction, fillLevel }) => ({
    id,
    points,
    brushSize,
    direction,
    fillLevel,
  }));

/** The fields of `POST /api/preview-outline`: the global fill level and each zone's shape and fill. */
export function previewFields(
  grayscaleLevel: number,
  zones: readonly Zone[],
): PreviewOutlineFields {
  return {
    globalThreshold: grayscaleLevel,
    maskDetails: zones.map(({ points, brushSize, fillLevel }) => ({
      points,
      brushSize,
      fillLevel,
    })),
  };
}

/**
 * A multipart form: the image file (its name gives the video's title), each field as JSON, and the
 * audio files under their tracks' names.
 */
export function imageForm(
  image: File,
  fields: Record<string, unknown>,
  audioFiles: AudioFiles = {},
): FormData {
  const form = new FormData();
  form.append('image', image, image.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, JSON.stringify(value));
  for (const [track, file] of Object.entries(audioFiles)) form.append(track, file, file.name);
  return form;
}
