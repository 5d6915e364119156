import { readFile, writeFile } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import {
  BLANK_PICTURE,
  IMAGE_LIMITS,
  SCENE_PICTURE_FIELD,
  STORY_LIMITS,
  STORY_MESSAGES,
  type StoryScene,
} from '@rasma/contract';
import { AppError } from '../../errors.js';
import { imageTooLarge, type DiskFiles, type ReceivedFile } from '../../http/upload.js';
import type { Decode } from '../images/decode-queue.js';
import { normalizeImage } from '../images/image-file.js';
import { scaleSettings } from './scale-settings.js';
import { checkStrokeEdits } from './stroke-edits.js';

/**
 * How a create's pictures (`image`, `scene-1`...) are received: to disk in `folder`, as many as a
 * story has scenes, each refused as it passes the image's limit (as the image is).
 */
export const scenePictureFiles = (request: FastifyRequest, folder: string): DiskFiles => ({
  accepts: (field) => SCENE_PICTURE_FIELD.test(field),
  maxFiles: STORY_LIMITS.maxScenes,
  folder,
  maxBytes: IMAGE_LIMITS.maxBytes,
  tooLarge: imageTooLarge(request),
});

/** A scene's picture as it is kept for the render: checked, upright, without metadata, on disk. */
export interface KeptScenePicture {
  /** The file, beside the upload. */
  path: string;
  mimeType: string;
  extension: string;
  bytes: number;
  /** The name it was uploaded with. */
  fileName: string;
}

/** A story's scenes for the pictures as kept, and each picture scene's file (none for a blank). */
export interface KeptStory {
  scenes: StoryScene[];
  pictures: (KeptScenePicture | undefined)[];
}

const validation = (message: string) => new AppError(400, message, 'VALIDATION_ERROR');

/**
 * A 400 unless the pictures sent are exactly those the scenes name: each named file is there, and
 * every file of a picture's field belongs to a scene.
 */
export function checkSceneFiles(
  scenes: readonly StoryScene[],
  files: Partial<Record<string, ReceivedFile>>,
): void {
  const named = new Set(scenes.map((scene) => scene.picture).filter((p) => p !== BLANK_PICTURE));
  for (const field of named) {
    if (!files[field]) throw validation(STORY_MESSAGES.missingPicture(field));
  }
  for (const field of Object.keys(files)) {
    if (SCENE_PICTURE_FIELD.test(field) && !named.has(field)) {
      throw validation(STORY_MESSAGES.unusedPicture(field));
    }
  }
}

/**
 * Each picture scene's file checked as the one-picture create's image is (the same function, in the
 * decode queue, one at a time: a story's pictures never sit in memory together) and written beside
 * it as it is kept; its zones and stroke edits checked against it and scaled to it. A refusal names
 * the picture's field. Call `checkSceneFiles` first.
 */
export async function keepScenePictures(
  scenes: readonly StoryScene[],
  files: Partial<Record<string, ReceivedFile>>,
  decode: Decode,
): Promise<KeptStory> {
  const field = (index: number) => `blobData.scenes.${index}`;
  // What needs no picture is checked before any is decoded.
  scenes.forEach((scene, index) => checkStrokeEdits(scene, undefined, field(index)));
  const kept: KeptStory = { scenes: [], pictures: [] };
  for (const [index, scene] of scenes.entries()) {
    const received = scene.picture === BLANK_PICTURE ? undefined : files[scene.picture];
    if (!received) {
      kept.scenes.push(scene);
      kept.pictures.push(undefined);
      continue;
    }
    const { picture, size } = await decode(() => keepPicture(scene.picture, received));
    checkStrokeEdits(scene, size, field(index));
    kept.scenes.push(scaleSettings(scene, size.scale));
    kept.pictures.push(picture);
  }
  return kept;
}

/** The picture of `field` checked and written beside it as it is kept, and its size as kept. */
async function keepPicture(field: string, received: ReceivedFile) {
  const image = await normalizeImage(await readFile(received.path)).catch((error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(error.status, `${field}: ${error.message}`, error.code, { cause: error });
  });
  const path = `${received.path}.kept.${image.extension}`;
  await writeFile(path, image.data, { mode: 0o600 });
  const picture: KeptScenePicture = {
    path,
    mimeType: image.mimeType,
    extension: image.extension,
    bytes: image.data.length,
    fileName: received.fileName,
  };
  return { picture, size: { width: image.width, height: image.height, scale: image.scale } };
}
