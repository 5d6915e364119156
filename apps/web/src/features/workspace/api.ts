import type { QueryClient } from '@tanstack/react-query';
import { apiCall, apiUpload } from '@/lib/api-client';
import {
  apiQuery,
  apiQueryKey,
  useApiMutation,
  useApiQuery,
  type ApiMutationOptions,
} from '@/lib/api-query';
import { ApiError } from '@/lib/http';
import {
  api,
  endpointUrl,
  type Project,
  type ProjectSaved,
  type ProjectStateInput,
  type ProjectSummary,
} from '@/lib/contract';
import { imageForm, previewFields } from './generate/video-form';
import type { Zone } from './zones/zone';

/** The workspace's cache entries. */
export const workspaceKeys = {
  /** The recent projects' list, newest change first. */
  projects: apiQueryKey(api.projects),
  /** What the person keeps against their storage quota. */
  storageUsage: apiQueryKey(api.storageUsage),
} as const;

/** The recent projects' list (`GET /api/projects`), newest change first. */
export const recentProjectsQuery = apiQuery(api.projects);

/** What the person keeps against their storage quota (`GET /api/storage`). */
export const storageUsageQuery = apiQuery(api.storageUsage);

/** The model the person used last (the settings start from it). */
export const useAiPreference = () => useApiQuery(api.aiPreference);

/** Creates a project: the image is sent once, with the state it starts from. */
export const createProject = (image: File, state: ProjectStateInput, signal?: AbortSignal) =>
  apiUpload(api.createProject, imageForm(image, { state }), signal);

/** The autosave: the whole state replaces the saved one. */
export const saveProject = (id: string, state: ProjectStateInput, signal?: AbortSignal) =>
  apiCall(api.saveProject, { params: { id }, body: { state } }, signal);

/**
 * The last save as the page goes away (`body`: the save's JSON): sent with `keepalive`, which
 * outlives the page; nobody waits for its answer.
 */
export function saveProjectAsPageLeaves(id: string, body: string): void {
  void fetch(endpointUrl(api.saveProject, { id }), {
    method: api.saveProject.method,
    headers: { 'Content-Type': 'application/json' },
    body,
    credentials: 'include',
    keepalive: true,
  }).catch(() => undefined);
}

export const useDeleteProject = (options: ApiMutationOptions<typeof api.deleteProject>) =>
  useApiMutation(api.deleteProject, options);

/** Spec 2.5: sends the image and settings (the form) to make a video. */
export const createVideo = (form: FormData) => apiUpload(api.createVideo, form);

/** The server's outline preview of the image with the fill level and zones: a PNG data URL. */
export async function previewOutline(input: {
  image: File;
  grayscaleLevel: number;
  zones: readonly Zone[];
}): Promise<string> {
  const fields = previewFields(input.grayscaleLevel, input.zones);
  const answer = await apiUpload(api.previewOutline, imageForm(input.image, fields));
  if (!answer.success || !answer.image) throw new Error('the preview came back empty');
  return answer.image;
}

/** A project and its image, as a file named as it was chosen (the video's title comes from it). */
export async function fetchProject(
  id: string,
  signal?: AbortSignal,
): Promise<{ project: Project; image: File }> {
  const project = await apiCall(api.project, { params: { id } }, signal);
  return { project, image: await fetchImageFile(project.imageUrl, project.fileName, signal) };
}

/** A picture the project keeps, as a file of that name. */
export async function fetchImageFile(url: string, name: string, signal?: AbortSignal) {
  const res = await fetch(url, { credentials: 'include', signal });
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  const type = res.headers.get('content-type') ?? '';
  return new File([await res.arrayBuffer()], name, { type });
}

/** After a save: the project moves to the top of the recent list, with its new time. */
export function showSaved(queryClient: QueryClient, saved: ProjectSaved): void {
  const listed = queryClient.getQueryData<ProjectSummary[]>(workspaceKeys.projects);
  const project = listed?.find((p) => p.id === saved.id);
  if (!listed || !project) {
    void queryClient.invalidateQueries({ queryKey: workspaceKeys.projects });
    return;
  }
  queryClient.setQueryData<ProjectSummary[]>(workspaceKeys.projects, [
    { ...project, updatedAt: saved.updatedAt },
    ...listed.filter((p) => p.id !== saved.id),
  ]);
}

/** The recent projects and the storage they take, after one was made or deleted. */
export const refreshProjects = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: workspaceKeys.projects }),
    queryClient.invalidateQueries({ queryKey: workspaceKeys.storageUsage }),
  ]);
