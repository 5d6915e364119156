import { Page } from '@/components/layout/page';
import { RecentImages } from '@/features/upload/recent-images';
import { RendersInProgress } from '@/features/videos/renders-in-progress';
import { usePageMeta } from '@/hooks/use-page-meta';

/** Spec 2.7: what is being drawn now, and the images uploaded lately. */
export function ProcessPage() {
  usePageMeta(
    'Processing',
    'Your videos being drawn right now, and the images you uploaded lately.',
  );
  return (
    <Page
      title="Processing"
      intro="Your videos being drawn right now, and the images you uploaded lately."
    >
      <div className="grid grid-cols-1 gap-6">
        <RendersInProgress />
        <RecentImages />
      </div>
    </Page>
  );
}
