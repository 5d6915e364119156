import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/hooks/use-toast';
import { useAuthDialog } from './auth-dialog-context';
import { hasSignedInBefore, rememberSignedIn } from './returning-visitor';

const AUTH_ERRORS: Record<string, { title: string; description: string }> = {
  provider_unavailable: {
    title: 'Sign-in unavailable',
    description: 'That sign-in option is not set up here. Please continue with your email.',
  },
  provider_unreachable: {
    title: 'Sign-in failed',
    description: 'The sign-in provider could not be reached. Please try again in a moment.',
  },
  oauth_failed: {
    title: 'Sign-in failed',
    description: 'We could not sign you in. Please try again.',
  },
};

/**
 * The login endpoint (`api.login`) sends visitors back as `/?auth=login` (open the sign-in dialog),
 * with `authError` when a provider sign-in failed. Reads those once and removes them from the address.
 * A browser nobody has signed in from yet (a visitor from try-now, say) gets the sign-up mode.
 */
export function AuthUrlParams({ isAuthenticated }: { isAuthenticated: boolean }) {
  const { search, pathname, hash } = useLocation();
  const navigate = useNavigate();
  const { openAuthDialog } = useAuthDialog();

  useEffect(() => {
    if (isAuthenticated) rememberSignedIn();
  }, [isAuthenticated]);

  useEffect(() => {
    const params = new URLSearchParams(search);
    const mode = params.get('auth');
    const error = params.get('authError');
    if (!mode && !error) return;
    if (error) {
      const known = AUTH_ERRORS[error] ?? AUTH_ERRORS.oauth_failed;
      if (known) toast({ ...known, variant: 'destructive' });
    }
    if (!isAuthenticated && (mode === 'login' || mode === 'signup')) {
      openAuthDialog(mode === 'login' && !hasSignedInBefore() ? 'signup' : mode);
    }
    params.delete('auth');
    params.delete('authError');
    const rest = params.toString();
    void navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
  }, [search, pathname, hash, isAuthenticated, navigate, openAuthDialog]);

  return null;
}
