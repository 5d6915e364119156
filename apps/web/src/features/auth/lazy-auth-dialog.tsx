import { lazy, Suspense } from 'react';
import { useAuthDialog } from './auth-dialog-context';

const loadAuthDialog = () => import('./auth-dialog');

const AuthDialog = lazy(async () => ({ default: (await loadAuthDialog()).AuthDialog }));

/**
 * Starts loading the sign-in dialog's code before it is asked for (a pointer over, or focus on, a
 * button that opens it), so that the first click opens it at once. A failed load is left to the
 * dialog's own load, which shows it.
 */
export function preloadAuthDialog(): void {
  loadAuthDialog().catch(() => undefined);
}

/**
 * The sign-in dialog, its code (the dialog primitives, the e-mail steps, the contract's schemas)
 * loaded when it first opens: pages that never open it, the landing page among them, do not carry
 * it. Closed, it renders nothing (as the dialog itself does).
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
