import { ImageIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { LoadingBlock } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { useRecentImages } from './api';

/** Spec 2.7: the images the user uploaded most recently, newest first. */
export function RecentImages() {
  const { data: images, isLoading } = useRecentImages();
  return (
    <Card title="Recent Images">
      {isLoading ? (
        <LoadingBlock />
      ) : !images?.length ? (
        <p className="py-8 text-center text-sm text-slate-600">No images yet</p>
      ) : (
        <ul aria-label="Recent images" className="divide-y divide-slate-100">
          {images.map((image) => (
            <li key={image.id} className="flex items-center gap-3 py-3">
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-ink-soft">
                <ImageIcon className="h-4 w-4" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1 truncate text-sm font-medium text-ink">
                {image.originalName}
              </span>
              <time dateTime={image.uploadedAt} className="shrink-0 text-xs text-slate-500">
                {formatDateTime(image.uploadedAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
