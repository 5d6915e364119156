import type { QueryClient } from '@tanstack/react-query';
import { apiCall, apiUpload } from '@/lib/api-client';
import { apiQuery, apiQueryKey } from '@/lib/api-query';
import { ApiError } from '@/lib/http';
import {
  api,
  type Project,
  type ProjectSaved,
  type ProjectStateInput,
  type ProjectSummary,
} from '@/lib/contract';
import { imageForm } from '../generate/video-form';

/** The recent projects' list (`GET /api/projects`), newest change first. */
export const recentProjectsQuery = apiQuery(api.projects);
export const recentProjectsKey = apiQueryKey(api.projects);

/** What the person keeps against their storage quota (`GET /api/storage`). */
export const storageUsageQuery = apiQuery(api.storageUsage);

/** Creates a project: the image is sent once, with the state it starts from. */
export const createProject = (image: File, state: ProjectStateInput, signal?: AbortSignal) =>
  apiUpload(api.createProject, imageForm(image, { state }), signal);

/** The autosave: the whole state replaces the saved one. */
export const saveProject = (id: string, state: ProjectStateInput, signal?: AbortSignal) =>
  apiCall(api.saveProject, { params: { id }, body: { state } }, signal);

/** A project and its image, as a file named as it was chosen (the video's title comes from it). */
export async function fetchProject(
  id: string,
  signal?: AbortSignal,
): Promise<{ project: Project; image: File }> {
  const project = await apiCall(api.project, { params: { id } }, signal);
  const res = await fetch(project.imageUrl, { credentials: 'include', signal });
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  const type = res.headers.get('content-type') ?? '';
  return { project, image: new File([await res.arrayBuffer()], project.fileName, { type }) };
}

/** After a save: the project moves to the top of the recent list, with its new time. */
export function showSaved(queryClient: QueryClient, saved: ProjectSaved): void {
  const listed = queryClient.getQueryData<ProjectSummary[]>(recentProjectsKey);
  const project = listed?.find((p) => p.id === saved.id);
  if (!listed || !project) {
    void queryClient.invalidateQueries({ queryKey: recentProjectsKey });
    return;
  }
  queryClient.setQueryData<ProjectSummary[]>(recentProjectsKey, [
    { ...project, updatedAt: saved.updatedAt },
    ...listed.filter((p) => p.id !== saved.id),
  ]);
}

/** The recent projects and the storage they take, after one was made or deleted. */
export const refreshProjects = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: recentProjectsKey }),
    queryClient.invalidateQueries({ queryKey: storageUsageQuery.queryKey }),
  ]);
