import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchImageFile } from '@/features/workspace/api';
import { fitImage } from '@/features/workspace/image/fit-image';
import { invertImage } from '@/features/workspace/image/invert-image';
import type { ChosenImage } from '@/features/workspace/use-chosen-image';
import { toast } from '@/hooks/use-toast';
import type { ProjectSceneImage, ProjectScenePicture, VideoShape } from '@/lib/contract';
import { uploadSceneImage } from './api';
import { blankPaper, paperSize } from './paper';
import type { Scene } from './story-state';
import { usePictureSize } from './use-picture-size';

/** A picture shown from its own object URL, made once and let go with the editor. */
function shownFile(file: File, urls: Set<string>): ChosenImage {
  const previewUrl = URL.createObjectURL(file);
  urls.add(previewUrl);
  return { image: file, previewUrl };
}

/**
 * The pictures of a project's scenes: its own image, the scene images it keeps (fetched when a
 * scene first needs one) and those added here (made the project's size and kept with it), and the
 * blank board's paper in the story's proportions (`shape`, or the project image's own).
 */
export function useScenePictures({
  projectId,
  chosen,
  kept,
  shape,
  firstPicture,
  opened,
}: {
  projectId: string | null;
  /** The project's own image. */
  chosen: ChosenImage;
  kept: readonly ProjectSceneImage[];
  shape: VideoShape;
  /** The story's first picture, whose proportions are the frame's for the shape "original". */
  firstPicture: Exclude<ProjectScenePicture, 'blank'> | undefined;
  /** The picture of the scene open in the editor: fetched or made if it is not yet. */
  opened: ProjectScenePicture;
}) {
  const [known, setKnown] = useState<readonly ProjectSceneImage[]>(kept);
  const [loaded, setLoaded] = useState<ReadonlyMap<string, ChosenImage>>(new Map());
  const fetching = useRef(new Map<string, Promise<File>>());
  const urls = useRef(new Set<string>());
  const projectSize = usePictureSize(chosen.image);
  const paper = paperSize(
    shape,
    typeof firstPicture === 'object'
      ? (known.find((image) => image.imageId === firstPicture.imageId) ?? null)
      : projectSize,
  );
  const [blank, setBlank] = useState<{ size: string; shown: ChosenImage } | null>(null);

  useEffect(() => {
    const made = urls.current;
    return () => {
      for (const url of made) URL.revokeObjectURL(url);
      made.clear();
    };
  }, []);

  const remember = useCallback((imageId: string, file: File) => {
    const shown = shownFile(file, urls.current);
    setLoaded((map) => new Map(map).set(imageId, shown));
  }, []);

  /** A kept scene picture's file: in memory, else fetched once. */
  const file = useCallback(
    (imageId: string): Promise<File> => {
      const inMemory = loaded.get(imageId);
      if (inMemory) return Promise.resolve(inMemory.image);
      const entry = known.find((image) => image.imageId === imageId);
      if (!entry) return Promise.reject(new Error(`no scene image ${imageId}`));
      let pending = fetching.current.get(imageId);
      if (!pending) {
        pending = fetchImageFile(entry.url, entry.fileName);
        fetching.current.set(imageId, pending);
        pending.then(
          (fetched) => remember(imageId, fetched),
          () => fetching.current.delete(imageId),
        );
      }
      return pending;
    },
    [known, loaded, remember],
  );

  const openedId = typeof opened === 'object' ? opened.imageId : null;
  useEffect(() => {
    if (openedId === null) return;
    file(openedId).catch(() =>
      toast({
        title: 'Could Not Open the Scene',
        description: 'Its picture could not be loaded. Please try again.',
        variant: 'destructive',
      }),
    );
  }, [openedId, file]);

  const { width, height } = paper;
  const paperKey = `${width}x${height}`;
  // Paper is made once for its size: a blank board opened again shows the same.
  const wantsPaper = opened === 'blank' && blank?.size !== paperKey;
  useEffect(() => {
    if (!wantsPaper) return;
    let live = true;
    void blankPaper({ width, height }).then((made) => {
      if (live) setBlank({ size: `${width}x${height}`, shown: shownFile(made, urls.current) });
    });
    return () => {
      live = false;
    };
  }, [wantsPaper, width, height]);

  /** The picture the editor works on for `picture`; null while it is fetched or made. */
  const shown = (picture: ProjectScenePicture): ChosenImage | null => {
    if (picture === 'project') return chosen;
    if (picture === 'blank') return blank?.size === paperKey ? blank.shown : null;
    return loaded.get(picture.imageId) ?? null;
  };

  return {
    shown,
    file,
    /** The blank board's size, in the story's proportions. */
    paper,
    /** What a scene's thumbnail shows; undefined for a blank board (paper is drawn). */
    thumbnail: (picture: ProjectScenePicture): string | undefined => {
      if (picture === 'project') return chosen.previewUrl;
      if (picture === 'blank') return undefined;
      return (
        loaded.get(picture.imageId)?.previewUrl ??
        known.find((image) => image.imageId === picture.imageId)?.url
      );
    },
    /**
     * Each picture scene's file as it is drawn (inverted when the scene is), by scene id; the
     * open scene's as its editor shows it, when given.
     */
    files: async (
      scenes: readonly Scene[],
      open?: { sceneId: string; image: File },
    ): Promise<Map<string, File>> => {
      const drawn = async (scene: Scene, picture: Exclude<ProjectScenePicture, 'blank'>) => {
        if (scene.id === open?.sceneId) return open.image;
        const original = picture === 'project' ? chosen.image : await file(picture.imageId);
        return scene.inverted ? invertImage(original) : original;
      };
      const entries = await Promise.all(
        scenes.flatMap((scene) =>
          scene.picture === 'blank'
            ? []
            : [drawn(scene, scene.picture).then((picture) => [scene.id, picture] as const)],
        ),
      );
      return new Map(entries);
    },
    /** Keeps `image` with the project for a new scene, the size the project's image is worked at. */
    add: async (image: File): Promise<ProjectScenePicture> => {
      if (!projectId) throw new Error('the project is not saved yet');
      const fitted = await fitImage(image);
      const added = await uploadSceneImage(projectId, fitted);
      setKnown((images) => [...images, added]);
      remember(added.imageId, fitted);
      return { imageId: added.imageId };
    },
  };
}
