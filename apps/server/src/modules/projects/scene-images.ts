import { randomUUID } from 'node:crypto';
import type { ProjectSceneImage } from '@rasma/contract';
import type { Db } from '../../db/client.js';
import { notFoundOf } from '../../db/ownership.js';
import type { RateLimit } from '../../limits/rate-limiter.js';
import { projectSceneImageKey } from '../../storage/keys.js';
import type { Decode } from '../images/decode-queue.js';
import { normalizeImage } from '../images/image-file.js';
import { findSceneImage, insertSceneImage } from './queries.js';
import {
  checkCanAddProjectFile,
  findOwnProject,
  storeProjectFile,
  toSceneImage,
  type ProjectDeps,
} from './service.js';

/**
 * Pictures one person may add to their projects' scenes in an hour: each is decoded whole (about
 * a second of a core for a large photo); a story has at most 20, and a person may try a few.
 */
export const SCENE_IMAGE_UPLOADS: RateLimit = {
  max: 100,
  windowMs: 60 * 60 * 1000,
  message: 'Too many pictures uploaded in an hour. Please try again later.',
};
export const sceneImageUploadsKey = (userId: string) => `project:images:${userId}`;

/** What is checked before a scene image is read (`checkCanAddProjectFile`). */
export const checkCanUploadSceneImage = (db: Db, userId: string, projectId: string) =>
  checkCanAddProjectFile(db, userId, projectId, {
    key: sceneImageUploadsKey(userId),
    limit: SCENE_IMAGE_UPLOADS,
  });

/**
 * Keeps a picture for a scene of the project (`storeProjectFile`), checked and kept exactly as the
 * project's image is (type from the bytes, size, megapixels; upright, without metadata, no larger
 * than a video needs).
 */
export async function storeSceneImage(
  deps: ProjectDeps,
  input: {
    userId: string;
    projectId: string;
    upload: { bytes: Buffer; fileName: string };
    decode: Decode;
  },
): Promise<ProjectSceneImage> {
  const { userId, projectId } = input;
  const image = await input.decode(() => normalizeImage(input.upload.bytes));
  const id = randomUUID();
  const storageKey = projectSceneImageKey(projectId, id);
  const row = await storeProjectFile(
    deps,
    {
      userId,
      projectId,
      storageKey,
      uploadsKey: sceneImageUploadsKey(userId),
      store: () => deps.storage.put(storageKey, image.data, image.mimeType),
    },
    (tx) =>
      insertSceneImage(tx, {
        id,
        projectId,
        storageKey,
        mimeType: image.mimeType,
        width: image.width,
        height: image.height,
        bytes: image.data.length,
        fileName: input.upload.fileName.slice(0, 255),
      }),
  );
  return toSceneImage(row);
}

/** A scene image of the user's project, to send; anyone else's, or none, is a 404. */
export async function sceneImageFile(db: Db, userId: string, projectId: string, imageId: string) {
  await findOwnProject(db, userId, projectId);
  const row = await findSceneImage(db, projectId, imageId);
  if (!row) throw notFoundOf('image');
  return { key: row.storageKey, contentType: row.mimeType };
}
