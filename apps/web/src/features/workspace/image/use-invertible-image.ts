import { useEffect, useRef, useState } from 'react';
import { toast } from '@/hooks/use-toast';
import type { ChosenImage } from '../use-chosen-image';
import { invertImage } from './invert-image';

/**
 * The chosen image or, once inverted, its inverted copy (made on first use, then kept): the one
 * shown, previewed and sent. A project saved inverted opens inverted (`initiallyInverted`).
 */
export function useInvertibleImage(chosen: ChosenImage, initiallyInverted = false) {
  const [invertedCopy, setInvertedCopy] = useState<ChosenImage | null>(null);
  const [inverted, setInverted] = useState(false);
  const [inverting, setInverting] = useState(initiallyInverted);

  useEffect(() => {
    if (!invertedCopy) return;
    return () => URL.revokeObjectURL(invertedCopy.previewUrl);
  }, [invertedCopy]);

  const toggleInverted = async () => {
    if (!invertedCopy) {
      setInverting(true);
      try {
        const image = await invertImage(chosen.image);
        setInvertedCopy({ image, previewUrl: URL.createObjectURL(image) });
      } catch {
        toast({
          title: 'Error',
          description: 'Could not invert this image. Please try again.',
          variant: 'destructive',
        });
        return;
      } finally {
        setInverting(false);
      }
    }
    setInverted((was) => !was);
  };

  // A project saved inverted is inverted as it opens (once: strict mode runs effects twice).
  const openedInverted = useRef(false);
  useEffect(() => {
    if (!initiallyInverted || openedInverted.current) return;
    openedInverted.current = true;
    void toggleInverted();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening only
  }, []);

  return {
    current: inverted && invertedCopy ? invertedCopy : chosen,
    inverted,
    inverting,
    /** What a project keeps: inverted, or being inverted. */
    invertedAsSaved: inverted || inverting,
    toggleInverted: () => void toggleInverted(),
  };
}
