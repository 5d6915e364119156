import { Workspace } from '@/features/workspace/workspace';
import { usePageMeta } from '@/hooks/use-page-meta';

export function WorkspacePage() {
  usePageMeta(
    'Create a Sketch Video',
    'Choose an image, paint the parts to draw first, and get a video of it sketched by hand.',
  );
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <h1 className="font-display text-3xl font-bold text-ink sm:text-4xl">
        Create a Sketch Video
      </h1>
      <p className="mt-2 text-slate-600">
        Choose an image, paint the parts to draw first, and get a video of it sketched by hand.
      </p>
      <div className="mt-8">
        <Workspace />
      </div>
    </div>
  );
}
