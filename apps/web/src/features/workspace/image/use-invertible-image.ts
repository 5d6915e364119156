import { useEffect, useState } from 'react';
import { toast } from '@/hooks/use-toast';
import type { ChosenImage } from '../use-chosen-image';
import { invertImage } from './invert-image';

/**
 * The chosen image or, once inverted, its inverted copy (made on first use, then kept): the one
 * shown, previewed and sent.
 */
export function useInvertibleImage(chosen: ChosenImage) {
  const [invertedCopy, setInvertedCopy] = useState<ChosenImage | null>(null);
  const [inverted, setInverted] = useState(false);
  const [inverting, setInverting] = useState(false);

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

  return {
    current: inverted && invertedCopy ? invertedCopy : chosen,
    inverted,
    inverting,
    toggleInverted: () => void toggleInverted(),
  };
}
