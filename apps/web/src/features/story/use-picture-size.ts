import { useEffect, useState } from 'react';
import type { ImageSize } from '@/features/upload/image-size';
import { pictureSize } from './paper';

/** A picture's size in pixels, read from its header; null until it is read (or unreadable). */
export function usePictureSize(picture: Blob): ImageSize | null {
  const [size, setSize] = useState<{ of: Blob; size: ImageSize | null } | null>(null);
  useEffect(() => {
    let live = true;
    void pictureSize(picture).then((read) => live && setSize({ of: picture, size: read }));
    return () => {
      live = false;
    };
  }, [picture]);
  return size?.of === picture ? size.size : null;
}
