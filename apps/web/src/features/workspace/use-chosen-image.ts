import { useCallback, useEffect, useState } from 'react';
import { clearStoredImage, dataUrlToFile, readStoredImage } from '@/features/upload/stored-image';

export interface ChosenImage {
  image: File;
  previewUrl: string;
}

/** The image carried over from try-now (spec 2.6), shown from its own data URL. */
function storedChoice(): ChosenImage | null {
  const stored = readStoredImage();
  return stored && { image: dataUrlToFile(stored), previewUrl: stored.dataUrl };
}

/**
 * The image the workspace works on: carried over from try-now (it then leaves storage), or chosen
 * here. A chosen file's preview URL lives as long as the choice.
 */
export function useChosenImage() {
  const [chosen, setChosen] = useState(storedChoice);
  const choose = useCallback((image: File | null) => {
    setChosen(image ? { image, previewUrl: URL.createObjectURL(image) } : null);
  }, []);

  useEffect(clearStoredImage, []);

  useEffect(() => {
    if (!chosen) return;
    return () => URL.revokeObjectURL(chosen.previewUrl);
  }, [chosen]);

  return { chosen, choose };
}
