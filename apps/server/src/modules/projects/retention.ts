import { PROJECT_LIMITS, projectScenePictureSchema } from '@rasma/contract';
import { z } from 'zod';
import {
  STORAGE_FOLDERS,
  isProjectAudioKey,
  isProjectSceneImageKey,
  projectIdOfKey,
} from '../../storage/keys.js';
import {
  deleteSceneImageRow,
  existingProjectIds,
  nameSceneImages,
  projectFileKeys,
  projectStates,
  projectsUnchangedSince,
  sceneImagesNamedBefore,
} from './queries.js';
import { namedSceneImages, removeProject, type ProjectDeps } from './service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Only the pictures of a saved state's scenes: whatever else it holds, saved under any rules. */
const savedPicturesSchema = z.object({
  scenes: z.array(z.object({ picture: projectScenePictureSchema })).optional(),
});

/** Deletes, with their files, the projects nobody changed for `PROJECT_LIMITS.keptDays`. */
export async function deleteIdleProjects(deps: ProjectDeps, now: Date): Promise<number> {
  const before = new Date(now.getTime() - PROJECT_LIMITS.keptDays * DAY_MS);
  const idle = await projectsUnchangedSince(deps.db, before);
  for (const row of idle) await removeProject(deps, row);
  return idle.length;
}

/**
 * Deletes the scene images no scene of their project's saved state has named for a day: uploaded
 * and never saved in a scene, or left out of the story since (a scene deleted, its picture
 * replaced). The row goes first, then the file. Each project's state is read once, and the images
 * it still names are marked named, so that they are not looked at again for a day.
 */
export async function deleteUnnamedSceneImages(
  { db, storage }: ProjectDeps,
  now: Date,
): Promise<number> {
  const candidates = await sceneImagesNamedBefore(db, new Date(now.getTime() - DAY_MS));
  const byProject = new Map<string, typeof candidates>();
  for (const image of candidates) {
    const images = byProject.get(image.projectId) ?? [];
    images.push(image);
    byProject.set(image.projectId, images);
  }
  const states = await projectStates(db, [...byProject.keys()]);
  let deleted = 0;
  for (const [projectId, images] of byProject) {
    const state = savedPicturesSchema.safeParse(states.get(projectId));
    // A state whose pictures do not read keeps them: nothing says they are unused.
    if (!state.success) continue;
    const named = new Set(namedSceneImages(state.data));
    await nameSceneImages(db, projectId, [...named]);
    for (const image of images.filter((candidate) => !named.has(candidate.id))) {
      await deleteSceneImageRow(db, image.id);
      await storage.delete(image.storageKey);
      deleted += 1;
    }
  }
  return deleted;
}

/**
 * Files in the projects folder, written before `before`, of no project, or audio or scene images
 * no row names: left by a failure between storing a project's files and writing its row, or
 * between deleting (or replacing) the row and its files.
 */
export async function deleteOrphanProjectFiles(
  { db, storage }: ProjectDeps,
  before: Date,
): Promise<number> {
  const old = await storage.keysOlderThan(STORAGE_FOLDERS.projects, before);
  const ids = [...new Set(old.map(projectIdOfKey))].filter((id) => UUID.test(id));
  const existing = await existingProjectIds(db, ids);
  const named = new Set(await projectFileKeys(db, ids));
  const orphans = old.filter(
    (key) =>
      !existing.has(projectIdOfKey(key)) ||
      ((isProjectAudioKey(key) || isProjectSceneImageKey(key)) && !named.has(key)),
  );
  for (const key of orphans) await storage.delete(key);
  return orphans.length;
}
