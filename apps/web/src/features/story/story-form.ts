import {
  BLANK_PICTURE,
  hasStrokeEdits,
  type AudioSettings,
  type CreateVideoBlobData,
  type ProjectSettings,
  type StoryScene,
} from '@/lib/contract';
import {
  createVideoBlobData,
  strokeMasksOf,
  type AudioFiles,
  type ChosenExports,
} from '@/features/workspace/generate/video-form';
import { finishedTexts, type Scene } from './story-state';

/**
 * The multipart field of each picture scene, by scene id: the first picture is `image` (the spec's
 * field, whose file name titles the video), the others `scene-1`, `scene-2`... in order. A blank
 * board has none.
 */
export function pictureFields(scenes: readonly Scene[]): Map<string, string> {
  const fields = new Map<string, string>();
  for (const scene of scenes) {
    if (scene.picture === BLANK_PICTURE) continue;
    fields.set(scene.id, fields.size === 0 ? 'image' : `scene-${fields.size}`);
  }
  return fields;
}

/** A scene as the create call takes it, its picture named by `field` (none: a blank board). */
function storyScene(scene: Scene, field: string | undefined): StoryScene {
  return {
    id: scene.id,
    picture: field ?? BLANK_PICTURE,
    direction: scene.direction,
    grayscaleLevel: scene.grayscaleLevel,
    drawingTime: scene.drawingTime,
    ...(hasStrokeEdits(scene.edits) && { edits: scene.edits }),
    holdSeconds: scene.holdSeconds,
    texts: finishedTexts(scene.texts),
    transition: scene.transition,
    strokeMasks: strokeMasksOf(scene.zones),
  };
}

/**
 * The `blobData` of a story: the whole video's model, shape, hand and audio, and its scenes in
 * order (the fields a scene has are also given as the first scene's, which the server does not use).
 */
export function storyBlobData(
  settings: Pick<ProjectSettings, 'aiModel' | 'shape' | 'hand'> & ChosenExports,
  scenes: readonly Scene[],
  audio?: AudioSettings,
): CreateVideoBlobData {
  const fields = pictureFields(scenes);
  const first = scenes[0] as Scene;
  return {
    ...createVideoBlobData(
      { ...settings, direction: first.direction, grayscaleLevel: first.grayscaleLevel },
      first.drawingTime,
      [],
      undefined,
      audio,
    ),
    scenes: scenes.map((scene) => storyScene(scene, fields.get(scene.id))),
  };
}

/**
 * The create call's form for a story: each scene's picture (`pictures`, by scene id, as it is to
 * be drawn) under its field, the `blobData` and the audio files.
 */
export function storyForm(
  scenes: readonly Scene[],
  pictures: ReadonlyMap<string, File>,
  blobData: CreateVideoBlobData,
  audioFiles: AudioFiles = {},
): FormData {
  const form = new FormData();
  for (const [sceneId, field] of pictureFields(scenes)) {
    const picture = pictures.get(sceneId);
    if (!picture) throw new Error(`no picture for scene ${sceneId}`);
    form.append(field, picture, picture.name);
  }
  form.append('blobData', JSON.stringify(blobData));
  for (const [track, file] of Object.entries(audioFiles)) form.append(track, file, file.name);
  return form;
}
