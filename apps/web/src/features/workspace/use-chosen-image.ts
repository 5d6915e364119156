import { useCallback, useEffect, useState } from 'react';
import { dataUrlToFile, takeStoredImage } from '@/features/upload/stored-image';

export interface ChosenImage {
  image: File;
  previewUrl: string;
}

/**
 * The image the workspace works on: chosen here, or carried over from try-now (spec 2.6). Its
 * preview URL lives as long as the choice.
 */
export function useChosenImage() {
  const [chosen, setChosen] = useState<ChosenImage | null>(null);
  const choose = useCallback((image: File | null) => {
    setChosen(image ? { image, previewUrl: URL.createObjectURL(image) } : null);
  }, []);

  useEffect(() => {
    const stored = takeStoredImage();
    if (stored) void dataUrlToFile(stored).then(choose);
  }, [choose]);

  useEffect(() => {
    if (!chosen) return;
    return () => URL.revokeObjectURL(chosen.previewUrl);
  }, [chosen]);

  return { chosen, choose };
}
