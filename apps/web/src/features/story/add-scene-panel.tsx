import { StickyNote } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ImageDropzone } from '@/features/upload/image-dropzone';
import { SamplePicker } from '@/features/upload/sample-picker';
import type { SaveStatus } from '@/features/workspace/projects/project-saver';
import { projectWaiting } from '@/features/workspace/projects/project-waiting';
import { toast } from '@/hooks/use-toast';
import { serverMessage } from '@/lib/http';

/** Why no picture can be added as a scene yet, and what to do; null once the project exists. */
export const sceneImageWaiting = (projectId: string | null, status: SaveStatus, refusal: string) =>
  projectWaiting(projectId, status, refusal, {
    refused:
      "A scene's picture is kept with the project, and this image could not be saved as one. A blank board can still be added.",
    saving: 'Saving your project: add a picture once it is saved, in a moment.',
  });

/**
 * A new scene's picture: dropped or chosen (checked as the upload card checks it), a sample, or a
 * blank board for a title or text. A picture is kept with the project before the scene is added.
 */
export function AddScenePanel({
  waiting,
  onPicture,
  onBlank,
}: {
  /** Why no picture can be kept yet (the project is still being saved); null once it can. */
  waiting: string | null;
  onPicture: (image: File) => Promise<void>;
  onBlank: () => void;
}) {
  const [adding, setAdding] = useState(false);
  const add = async (image: File) => {
    setAdding(true);
    try {
      await onPicture(image);
    } catch (error) {
      toast({
        title: 'Could Not Add the Scene',
        description: serverMessage(error, 'The picture could not be kept. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setAdding(false);
    }
  };
  if (adding)
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-600">
        <Spinner /> Adding the scene...
      </p>
    );
  return (
    <div className="grid gap-3">
      {waiting ? (
        <p className="text-sm text-slate-600">{waiting}</p>
      ) : (
        <ImageDropzone onImage={(image) => void add(image)}>
          <SamplePicker onImage={(image) => void add(image)} />
        </ImageDropzone>
      )}
      <Button variant="outline" className="justify-self-start" onClick={onBlank}>
        <StickyNote className="h-4 w-4" aria-hidden="true" />
        Blank board
      </Button>
    </div>
  );
}
