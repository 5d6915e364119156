import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ProjectStateInput } from '@/lib/contract';
import { refreshProjects, showSaved } from '../api';
import { AUTOSAVE_DELAY_MS, ProjectSaver } from './project-saver';

export interface AutosaveOptions {
  /** The open project, or null for an image just chosen: the first save then creates it. */
  projectId: string | null;
  /** The image as chosen (sent once, when the project is created). */
  image: File;
  /** What to keep; a new object is a change (see `useProjectState`). */
  state: ProjectStateInput;
  /** The project was created: its id, to open it again after a reload. */
  onCreated: (id: string) => void;
  delayMs?: number;
}

/**
 * Saves the work on one image as a project while the person works: created as soon as the image
 * is chosen, then saved about a second after the last change; the recent projects follow. Returns
 * the save's status and the server's reason for a refusal (for the quiet indicator), and `saveNow`.
 */
export function useProjectAutosave({
  projectId,
  image,
  state,
  onCreated,
  delayMs = AUTOSAVE_DELAY_MS,
}: AutosaveOptions) {
  const queryClient = useQueryClient();
  // One saver for the editor's life: its project, image and delay are those it opened with.
  const [saver] = useState(() => new ProjectSaver(image, { id: projectId, state }, delayMs));

  useEffect(() => {
    saver.tell({
      onCreated: (id) => {
        onCreated(id);
        void refreshProjects(queryClient);
      },
      onSaved: (saved) => showSaved(queryClient, saved),
    });
  }, [saver, onCreated, queryClient]);

  useEffect(() => saver.change(state), [saver, state]);

  useEffect(() => {
    saver.keepOpen();
    const leave = () => saver.leave();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      saver.closeSoon();
    };
  }, [saver]);

  const status = useSyncExternalStore(saver.subscribe, saver.getStatus);
  const refusal = useSyncExternalStore(saver.subscribe, saver.getRefusal);
  return { status, refusal, saveNow: () => saver.saveNow() };
}
