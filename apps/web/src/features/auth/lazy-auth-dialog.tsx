import { Suspense } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { useAuthDialog } from './auth-dialog-context';

const AuthDialog = lazyComponent(() => import('./auth-dialog').then((m) => m.AuthDialog));

/**
 * Starts loading the sign-in dialog's code before it is asked for (a pointer over, or focus on, a
 * button that opens it), so that the first click opens it sooner.
 */
export const preloadAuthDialog = AuthDialog.preload;

/**
 * The sign-in dialog, its code (the dialog primitives, the e-mail and code steps) loaded when it
 * first opens: pages that never open it, the landing page among them, do not carry it. Closed, it
 * renders nothing (as the dialog itself does).
 */
export function LazyAuthDialog() {
  const { open } = useAuthDialog();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  );
}
