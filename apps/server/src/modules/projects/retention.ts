import { PROJECT_LIMITS } from '@rasma/contract';
import { STORAGE_FOLDERS, isProjectAudioKey, projectIdOfKey } from '../../storage/keys.js';
import { existingProjectIds, projectAudioKeys, projectsUnchangedSince } from './queries.js';
import { removeProject, type ProjectDeps } from './service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Deletes, with their files, the projects nobody changed for `PROJECT_LIMITS.keptDays`. */
export async function deleteIdleProjects(deps: ProjectDeps, now: Date): Promise<number> {
  const before = new Date(now.getTime() - PROJECT_LIMITS.keptDays * DAY_MS);
  const idle = await projectsUnchangedSince(deps.db, before);
  for (const row of idle) await removeProject(deps, row);
  return idle.length;
}

/**
 * Files in the projects folder, written before `before`, of no project, or audio no track's row
 * names: left by a failure between storing a project's files and writing its row, or between
 * deleting (or replacing) the row and its files.
 */
export async function deleteOrphanProjectFiles(
  { db, storage }: ProjectDeps,
  before: Date,
): Promise<number> {
  const old = await storage.keysOlderThan(STORAGE_FOLDERS.projects, before);
  const ids = [...new Set(old.map(projectIdOfKey))].filter((id) => UUID.test(id));
  const existing = await existingProjectIds(db, ids);
  const audio = new Set(await projectAudioKeys(db, ids));
  const orphans = old.filter(
    (key) => !existing.has(projectIdOfKey(key)) || (isProjectAudioKey(key) && !audio.has(key)),
  );
  for (const key of orphans) await storage.delete(key);
  return orphans.length;
}
