import { randomUUID } from 'node:crypto';
import type { ProjectSceneImage } from '@rasma/contract';
import type { Db } from '../../db/client.js';
import { notFoundOf, requireOwned } from '../../db/ownership.js';
import { recordHit, type RateLimit } from '../../limits/rate-limiter.js';
import { projectSceneImageKey } from '../../storage/keys.js';
import { requireUserById } from '../auth/users.js';
import type { Decode } from '../images/decode-queue.js';
import { normalizeImage } from '../images/image-file.js';
import { requireWithinQuota } from '../quota/service.js';
import { findSceneImage, insertSceneImage } from './queries.js';
import {
  checkCanAddProjectFile,
  findOwnProject,
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
 * Keeps a picture for a scene of the project, checked and kept exactly as the project's image is
 * (type from the bytes, size, megapixels; upright, without metadata, no larger than a video
 * needs). The file is stored first under a key of its own; the row, the quota check and the hour's
 * count are then one transaction, and when that fails (a picture that would not fit is a 409) the
 * file is deleted.
 */
export async function storeSceneImage(
  { db, storage }: ProjectDeps,
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
  try {
    await storage.put(storageKey, image.data, image.mimeType);
    const row = await db.transaction(async (tx) => {
      // The user's row is locked for the quota: two uploads at once see each other.
      await requireUserById(tx, userId, { lock: true });
      await requireOwned(tx, 'project', userId, projectId);
      const row = await insertSceneImage(tx, {
        id,
        projectId,
        storageKey,
        mimeType: image.mimeType,
        width: image.width,
        height: image.height,
        bytes: image.data.length,
        fileName: input.upload.fileName.slice(0, 255),
      });
      await requireWithinQuota(tx, userId);
      await recordHit(tx, sceneImageUploadsKey(userId));
      return row;
    });
    return toSceneImage(row);
  } catch (err) {
    await storage.delete(storageKey);
    throw err;
  }
}

/** A scene image of the user's project, to send; anyone else's, or none, is a 404. */
export async function sceneImageFile(db: Db, userId: string, projectId: string, imageId: string) {
  await findOwnProject(db, userId, projectId);
  const row = await findSceneImage(db, projectId, imageId);
  if (!row) throw notFoundOf('image');
  return { key: row.storageKey, contentType: row.mimeType };
}
