import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/http';
import type {
  Project,
  ProjectAudioFiles,
  ProjectSceneImage,
  ProjectState,
  ProjectSummary,
} from '@/lib/contract';
import { fitImage } from '../image/fit-image';
import type { VideoSettings } from '../settings/use-video-settings';
import type { ChosenImage } from '../use-chosen-image';
import { forgetOpenProject, rememberOpenProject, rememberedProjectId } from './open-project-id';
import { fetchProject, refreshProjects } from '../api';

/** The project of the image in the workspace. */
export interface OpenProject {
  /** Its id once the server has it (an image just chosen gets one with its first save). */
  id: string | null;
  /** The saved work it was opened with; null for an image just chosen. */
  restored: ProjectState | null;
  /** The voice-over and music it keeps (none for an image just chosen). */
  audioFiles?: ProjectAudioFiles;
  /** The pictures it keeps for its scenes besides its image (none for an image just chosen). */
  sceneImages?: ProjectSceneImage[];
}

const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * Which project the workspace works on: a new one for each image chosen, the one this browser had
 * open when the page is loaded again (the upload card when it is gone), or a recent one opened
 * again. Opening one puts back its image, and its settings into the workspace's.
 */
export function useOpenProject({
  chosen,
  choose,
  settings,
}: {
  chosen: ChosenImage | null;
  choose: (image: File | null) => void;
  settings: Pick<VideoSettings, 'resetFill' | 'restore'>;
}) {
  const queryClient = useQueryClient();
  // An image carried over from try-now is a new project; otherwise the one open before a reload.
  const [open, setOpen] = useState<OpenProject | null>(() =>
    chosen ? { id: null, restored: null } : null,
  );
  const [reopening, setReopening] = useState(() => !chosen && rememberedProjectId() !== null);
  const [openingId, setOpeningId] = useState<string | null>(null);
  /** Images chosen so far: an image made smaller once another was chosen is not used. */
  const choices = useRef(0);
  const [preparing, setPreparing] = useState(false);
  const openNow = useRef(open);
  useEffect(() => {
    openNow.current = open;
  }, [open]);

  const { restore: restoreSettings, resetFill } = settings;
  const show = useCallback(
    ({ project, image }: { project: Project; image: File }) => {
      choices.current += 1;
      setPreparing(false);
      restoreSettings(project.state.settings);
      choose(image);
      setOpen({
        id: project.id,
        restored: project.state,
        audioFiles: project.audioFiles,
        sceneImages: project.sceneImages,
      });
      rememberOpenProject(project.id);
    },
    [choose, restoreSettings],
  );

  useEffect(() => {
    const id = rememberedProjectId();
    if (!reopening || !id) return;
    const request = new AbortController();
    fetchProject(id, request.signal)
      .then(show, (error: unknown) => {
        if (request.signal.aborted) return;
        if (isGone(error)) forgetOpenProject();
      })
      .finally(() => {
        if (!request.signal.aborted) setReopening(false);
      });
    return () => request.abort();
  }, [reopening, show]);

  const close = useCallback(() => {
    choose(null);
    setOpen(null);
    forgetOpenProject();
  }, [choose]);

  return {
    open,
    /** The project open before the page was loaded is being fetched. */
    reopening,
    /** The recent project being opened again. */
    openingId,
    /** A chosen image is being made smaller (see `fitImage`). */
    preparing,
    /** A new image: a new project, made by its first save, of the image made small enough. */
    start: async (file: File) => {
      const choice = ++choices.current;
      setPreparing(true);
      const image = await fitImage(file);
      if (choice !== choices.current) return;
      setPreparing(false);
      resetFill();
      choose(image);
      setOpen({ id: null, restored: null });
      forgetOpenProject();
    },
    /** The first save of `project` made it on the server. */
    created: (project: OpenProject, id: string) => {
      if (openNow.current !== project) return;
      const withId = { ...project, id };
      openNow.current = withId;
      setOpen(withId);
      rememberOpenProject(id);
    },
    openAgain: async ({ id }: ProjectSummary) => {
      setOpeningId(id);
      try {
        show(await fetchProject(id));
      } catch (error) {
        if (isGone(error)) void refreshProjects(queryClient);
        toast({
          title: 'Could Not Open the Project',
          description: isGone(error)
            ? 'This project no longer exists.'
            : 'The project could not be opened. Please try again.',
          variant: 'destructive',
        });
      } finally {
        setOpeningId(null);
      }
    },
    /** Back to the upload card; the project stays in the recent ones. */
    close,
  };
}
