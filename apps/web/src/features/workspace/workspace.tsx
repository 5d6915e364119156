import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { LoadingBlock } from '@/components/ui/spinner';
import { Library } from '@/features/videos/library';
import { ImageEditor } from './image-editor';
import { RecentProjects } from './projects/recent-projects';
import { StorageUsageNote } from './projects/storage-usage';
import { useDelayedFlag } from './preview/use-delayed-flag';
import { useOpenProject } from './projects/use-open-project';
import { useVideoSettings } from './settings/use-video-settings';
import { UploadCard } from './upload-card';
import { useChosenImage } from './use-chosen-image';

const PREPARING_SHOWN_AFTER_MS = 300;

/**
 * The signed-in home (spec 2.5): the upload card until an image is chosen, then the editor; the
 * storage used, the recent projects and the library below. Each image is a project, saved as it is
 * worked on and opened again after a reload. A new image starts with the default fill; a created
 * video clears the image and shows the library's first page, where it is, and its project first
 * among the recent ones.
 */
export function Workspace() {
  const { chosen, choose } = useChosenImage();
  const settings = useVideoSettings();
  const projects = useOpenProject({ chosen, choose, settings });
  const { open } = projects;
  // A large image takes a moment to make smaller; a small one shows no flash of a spinner.
  const preparingLong = useDelayedFlag(projects.preparing, PREPARING_SHOWN_AFTER_MS);
  const [libraryPage, setLibraryPage] = useState(1);

  return (
    <div className="grid grid-cols-1 gap-8">
      {chosen && open ? (
        <ImageEditor
          key={chosen.previewUrl}
          chosen={chosen}
          project={open}
          settings={settings}
          onProjectCreated={(id) => projects.created(open, id)}
          onChooseAnother={projects.close}
          onCreated={() => {
            projects.close();
            setLibraryPage(1);
          }}
        />
      ) : projects.reopening || preparingLong ? (
        <Card title={projects.reopening ? 'Opening Your Project' : 'Preparing Your Image'}>
          <LoadingBlock />
        </Card>
      ) : (
        <UploadCard onImage={(file) => void projects.start(file)} />
      )}
      <div className="grid gap-3 empty:hidden">
        <StorageUsageNote />
        <RecentProjects
          openId={open?.id ?? null}
          openingId={projects.openingId}
          onOpen={(project) => void projects.openAgain(project)}
        />
      </div>
      <Library page={libraryPage} onPage={setLibraryPage} />
    </div>
  );
}
