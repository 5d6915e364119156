import { useState } from 'react';
import { Library } from '@/features/videos/library';
import { ImageEditor } from './image-editor';
import { useVideoSettings } from './settings/use-video-settings';
import { UploadCard } from './upload-card';
import { useChosenImage } from './use-chosen-image';

/**
 * The signed-in home (spec 2.5): the upload card until an image is chosen, then the editor; the
 * library below. A new image starts with the default fill; a created video clears the image and
 * shows the library's first page, where it is.
 */
export function Workspace() {
  const { chosen, choose } = useChosenImage();
  const settings = useVideoSettings();
  const [libraryPage, setLibraryPage] = useState(1);

  const chooseImage = (image: File) => {
    settings.resetFill();
    choose(image);
  };

  return (
    <div className="grid grid-cols-1 gap-8">
      {chosen ? (
        <ImageEditor
          key={chosen.previewUrl}
          chosen={chosen}
          settings={settings}
          onChooseAnother={() => choose(null)}
          onCreated={() => {
            choose(null);
            setLibraryPage(1);
          }}
        />
      ) : (
        <UploadCard onImage={chooseImage} />
      )}
      <Library page={libraryPage} onPage={setLibraryPage} />
    </div>
  );
}
