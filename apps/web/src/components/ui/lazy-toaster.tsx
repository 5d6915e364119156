import { Suspense } from 'react';
import { useToasts } from '@/hooks/use-toast';
import { lazyComponent } from '@/lib/lazy-component';

const Toaster = lazyComponent(() => import('./toast').then((m) => m.Toaster));

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
