import { randomUUID } from 'node:crypto';
import {
  api,
  endpointUrl,
  PROJECT_LIMITS,
  projectStateSchema,
  STATE_TOO_LARGE_MESSAGE,
  STORAGE_LIMITS,
  STORY_MESSAGES,
  TOO_MANY_NEW_PROJECTS_MESSAGE,
  TOO_MANY_PROJECTS_MESSAGE,
  type Project,
  type ProjectAudioFile,
  type ProjectScene,
  type ProjectSceneImage,
  type ProjectState,
  type ProjectSummary,
} from '@rasma/contract';
import sharp from 'sharp';
import type { Db, DbOrTx } from '../../db/client.js';
import { notFoundOf, requireOwned } from '../../db/ownership.js';
import { AppError } from '../../errors.js';
import { titleFromFileName } from '../../http/upload.js';
import { projectImageKey, projectThumbnailKey } from '../../storage/keys.js';
import type { Storage } from '../../storage/storage.js';
import {
  hitRateLimit,
  recordHit,
  refuseWhenLimitReached,
  type RateLimit,
} from '../../limits/rate-limiter.js';
import { requireUserById } from '../auth/users.js';
import type { Decode } from '../images/decode-queue.js';
import { normalizeImage } from '../images/image-file.js';
import { requireRoom, requireWithinQuota } from '../quota/service.js';
import {
  countProjects,
  deleteProjectRow,
  insertProject,
  nameSceneImages,
  projectAudioOf,
  projectFileKeys,
  recentProjects,
  sceneImagesOf,
  updateProjectState,
  type ProjectAudioRow,
  type ProjectRow,
  type ProjectSceneImageRow,
} from './queries.js';

export interface ProjectDeps {
  db: Db;
  storage: Storage;
}

/** The long side of a project's thumbnail, in pixels (a recent project's card shows it small). */
const THUMBNAIL_LONG_SIDE = 320;
const THUMBNAIL_TYPE = 'image/jpeg';

const tooMany = () => new AppError(409, TOO_MANY_PROJECTS_MESSAGE, 'TOO_MANY_PROJECTS');

const thumbnailUrl = (id: string) => endpointUrl(api.projectThumbnail, { id });

export const toSummary = (row: Pick<ProjectRow, 'id' | 'title' | 'updatedAt'>): ProjectSummary => ({
  id: row.id,
  title: row.title,
  updatedAt: row.updatedAt.toISOString(),
  thumbnailUrl: thumbnailUrl(row.id),
});

const toProject = (
  row: ProjectRow,
  files: { audio: ProjectAudioRow[]; sceneImages: ProjectSceneImageRow[] },
): Project => ({
  id: row.id,
  title: row.title,
  fileName: row.fileName,
  state: storedState(row.state),
  updatedAt: row.updatedAt.toISOString(),
  imageUrl: endpointUrl(api.projectImage, { id: row.id }),
  audioFiles: Object.fromEntries(files.audio.map((file) => [file.track, toAudioFile(file)])),
  sceneImages: files.sceneImages.map(toSceneImage),
});

/** A project's audio file as the API shows it. */
export const toAudioFile = (row: ProjectAudioRow): ProjectAudioFile => ({
  url: endpointUrl(api.projectAudio, { id: row.projectId, track: row.track }),
  durationSeconds: row.durationSeconds,
  bytes: row.bytes,
  fileName: row.fileName,
});

/** A picture uploaded for a scene of a project, as the API shows it. */
export const toSceneImage = (row: ProjectSceneImageRow): ProjectSceneImage => ({
  imageId: row.id,
  url: endpointUrl(api.projectSceneImage, { id: row.projectId, imageId: row.id }),
  width: row.width,
  height: row.height,
  bytes: row.bytes,
  fileName: row.fileName,
});

/** The scene images a state's scenes name. */
export const namedSceneImages = (state: {
  scenes?: readonly Pick<ProjectScene, 'picture'>[] | undefined;
}): string[] => [
  ...new Set(
    (state.scenes ?? []).flatMap(({ picture }) =>
      typeof picture === 'object' ? [picture.imageId] : [],
    ),
  ),
];

/**
 * A stored state, read with today's schema. One saved under older rules still opens: what no longer
 * passes is left out (the stroke edits first, as they are the most likely to change), never a 500.
 */
function storedState(stored: unknown): ProjectState {
  const whole = projectStateSchema.safeParse(stored);
  if (whole.success) return whole.data;
  const { edits: _edits, ...rest } = (stored ?? {}) as Record<string, unknown>;
  const withoutEdits = projectStateSchema.safeParse(rest);
  return withoutEdits.success ? withoutEdits.data : projectStateSchema.parse({});
}

/** New projects a person starts, counted once each is made (`STORAGE_LIMITS.newProjectsPerDay`). */
const NEW_PROJECTS: RateLimit = {
  max: STORAGE_LIMITS.newProjectsPerDay,
  windowMs: 24 * 60 * 60 * 1000,
  message: TOO_MANY_NEW_PROJECTS_MESSAGE,
  code: 'TOO_MANY_NEW_PROJECTS',
};
const newProjectsKey = (userId: string) => `project:new:${userId}`;

/** Autosaves of one person (`STORAGE_LIMITS.savesPerMinute`), across their projects. */
const SAVES: RateLimit = {
  max: STORAGE_LIMITS.savesPerMinute,
  windowMs: 60 * 1000,
  message: 'Too many saves in a minute. Your changes are saved again in a moment.',
};

/** A 413 for a state over `STORAGE_LIMITS.maxStateBytes` as JSON. */
function checkStateSize(state: ProjectState): void {
  if (Buffer.byteLength(JSON.stringify(state)) > STORAGE_LIMITS.maxStateBytes) {
    throw new AppError(413, STATE_TOO_LARGE_MESSAGE, 'STATE_TOO_LARGE');
  }
}

/**
 * What can be checked before a project's image is read: the number of projects, the day's new ones
 * and room in the storage quota. The transaction that records it checks the count and quota again.
 */
export async function checkCanCreateProject(db: Db, userId: string): Promise<void> {
  if ((await countProjects(db, userId)) >= PROJECT_LIMITS.maxPerUser) throw tooMany();
  await refuseWhenLimitReached(db, newProjectsKey(userId), NEW_PROJECTS);
  await requireRoom(db, userId);
}

/**
 * A project from an image checked exactly as the create call's upload (type from the bytes, size,
 * megapixels; kept upright without metadata, no larger than a video needs) and a small JPEG
 * thumbnail of it. The files are stored first and removed again when the row cannot be written: a
 * person with `PROJECT_LIMITS.maxPerUser` projects gets a 409, one whose files would not fit in
 * their quota a 409, and nothing is kept.
 */
export async function createProject(
  { db, storage }: ProjectDeps,
  input: {
    userId: string;
    upload: { bytes: Buffer; fileName: string };
    state: ProjectState;
    decode: Decode;
  },
): Promise<Project> {
  const { userId } = input;
  checkStateSize(input.state);
  await checkCanCreateProject(db, userId);
  const { image, thumbnail } = await input.decode(async () => {
    const image = await normalizeImage(input.upload.bytes);
    const thumbnail = await sharp(image.data)
      .resize(THUMBNAIL_LONG_SIDE, THUMBNAIL_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
    return { image, thumbnail };
  });
  const id = randomUUID();
  const imageKey = projectImageKey(id, image.extension);
  const thumbnailKey = projectThumbnailKey(id);
  try {
    await storage.put(imageKey, image.data, image.mimeType);
    await storage.put(thumbnailKey, thumbnail, THUMBNAIL_TYPE);
    const row = await db.transaction(async (tx) => {
      // The user's row is locked for the count and the quota: two creations at once see each other.
      await requireUserById(tx, userId, { lock: true });
      if ((await countProjects(tx, userId)) >= PROJECT_LIMITS.maxPerUser) throw tooMany();
      const row = await insertProject(tx, {
        id,
        userId,
        title: titleFromFileName(input.upload.fileName),
        fileName: input.upload.fileName.slice(0, 255),
        state: input.state,
        imageKey,
        imageMimeType: image.mimeType,
        fileBytes: image.data.length + thumbnail.length,
      });
      await requireWithinQuota(tx, userId);
      await recordHit(tx, newProjectsKey(userId));
      return row;
    });
    return toProject(row, { audio: [], sceneImages: [] });
  } catch (err) {
    await Promise.all([storage.delete(imageKey), storage.delete(thumbnailKey)]);
    throw err;
  }
}

/**
 * What is checked before a file for a project is read (an audio track, a scene image): the project
 * is the person's (404), the hour's uploads of its kind (429) and room left in the quota (409).
 */
export async function checkCanAddProjectFile(
  db: Db,
  userId: string,
  projectId: string,
  uploads: { key: string; limit: RateLimit },
): Promise<void> {
  await findOwnProject(db, userId, projectId);
  await refuseWhenLimitReached(db, uploads.key, uploads.limit);
  await requireRoom(db, userId);
}

/**
 * Keeps a file for the user's project (an audio track, a scene image). `store` puts it in storage
 * first, under a key of its own, outside the transaction (an upload to a bucket can take a while,
 * and the embedded database has one connection); then one transaction locks the user's row (two
 * uploads at once see each other in the quota), checks the project is theirs, writes the file's row
 * (`record`), checks the quota with the file counted and counts the hour's upload. When that fails
 * (a file that would not fit is a 409) the stored file is deleted.
 */
export async function storeProjectFile<T>(
  { db, storage }: ProjectDeps,
  file: {
    userId: string;
    projectId: string;
    storageKey: string;
    /** The rate limit's key its kind of upload is counted under. */
    uploadsKey: string;
    store: () => Promise<void>;
  },
  record: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  const { userId, projectId } = file;
  try {
    await file.store();
    return await db.transaction(async (tx) => {
      await requireUserById(tx, userId, { lock: true });
      await requireOwned(tx, 'project', userId, projectId);
      const recorded = await record(tx);
      await requireWithinQuota(tx, userId);
      await recordHit(tx, file.uploadsKey);
      return recorded;
    });
  } catch (err) {
    await storage.delete(file.storageKey);
    throw err;
  }
}

/** The user's recent projects, newest change first. */
export async function recentProjectList(db: Db, userId: string): Promise<ProjectSummary[]> {
  return (await recentProjects(db, userId)).map(toSummary);
}

/** The user's own project; anyone else's, or none, is a 404 (no hint that it exists). */
export const findOwnProject = (db: Db, userId: string, id: string): Promise<ProjectRow> =>
  requireOwned(db, 'project', userId, id);

export async function getProject(db: Db, userId: string, id: string): Promise<Project> {
  const row = await findOwnProject(db, userId, id);
  return toProject(row, {
    audio: await projectAudioOf(db, row.id),
    sceneImages: await sceneImagesOf(db, row.id),
  });
}

/**
 * The autosave: the whole state replaces the saved one, and the project becomes the newest. A state
 * over `STORAGE_LIMITS.maxStateBytes` is a 413; more than `savesPerMinute` saves a 429; scenes that
 * name a picture that is not one of the project's scene images a 400 (those they name are named
 * now, for the clean-up).
 */
export async function saveProjectState(db: Db, userId: string, id: string, state: ProjectState) {
  checkStateSize(state);
  await hitRateLimit(db, `project:save:${userId}`, SAVES);
  const named = namedSceneImages(state);
  if (named.length > 0) {
    await findOwnProject(db, userId, id);
    const known = await nameSceneImages(db, id, named);
    if (named.some((imageId) => !known.has(imageId))) {
      throw new AppError(
        400,
        `state.scenes: ${STORY_MESSAGES.unknownSceneImage}`,
        'VALIDATION_ERROR',
      );
    }
  }
  const saved = await updateProjectState(db, userId, id, state);
  if (!saved) throw notFoundOf('project');
  return { id: saved.id, updatedAt: saved.updatedAt.toISOString() };
}

/** A stored file of the user's project, to send. */
export async function projectFile(db: Db, userId: string, id: string, file: 'image' | 'thumbnail') {
  const row = await findOwnProject(db, userId, id);
  return file === 'image'
    ? { key: row.imageKey, contentType: row.imageMimeType }
    : { key: projectThumbnailKey(row.id), contentType: THUMBNAIL_TYPE };
}

/**
 * Deletes a project and its image, thumbnail, audio files and scene images. The row goes first
 * (the rows of its files with it, their keys read before): a file a failure or an upload at the same
 * time left behind belongs to no project, and the hourly clean-up removes it.
 */
export async function removeProject(
  { db, storage }: ProjectDeps,
  row: Pick<ProjectRow, 'id' | 'imageKey'>,
): Promise<void> {
  const files = await projectFileKeys(db, [row.id]);
  await deleteProjectRow(db, row.id);
  await Promise.all(
    [row.imageKey, projectThumbnailKey(row.id), ...files].map((key) => storage.delete(key)),
  );
}
