import { lazy, Suspense } from 'react';
import { useToasts } from '@/hooks/use-toast';

const Toaster = lazy(async () => ({ default: (await import('./toast')).Toaster }));

/**
 * The toasts' viewport, its code (Radix Toast) loaded with the first toast: most visits to the
 * public pages show none. It is there while any toast is (closed ones stay a while), so F8 reaches
 * them.
 */
export function LazyToaster() {
  if (useToasts().length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
