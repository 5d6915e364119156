import { Images } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { lazyComponent } from '@/lib/lazy-component';

/**
 * The samples' dialog, its code (the dialog primitives) loaded when a pointer or the focus reaches
 * the button: the try-now page shows without it.
 */
const SampleDialog = lazyComponent(() => import('./sample-dialog').then((m) => m.SampleDialog));

/** Spec 2.5: "Use Sample Image" opens the samples; the one picked becomes the chosen image. */
export function SamplePicker({ onImage }: { onImage: (file: File) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        onClick={() => setOpen(true)}
        onPointerEnter={SampleDialog.preload}
        onFocus={SampleDialog.preload}
      >
        <Images className="h-4 w-4" aria-hidden="true" />
        Use Sample Image
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SampleDialog onClose={() => setOpen(false)} onImage={onImage} />
        </Suspense>
      )}
    </>
  );
}
