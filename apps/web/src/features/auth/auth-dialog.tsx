import { EMAIL_PATTERN, VERIFICATION_CODE_LENGTH, type User } from '@rasma/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { apiRequest, serverMessage } from '@/lib/query-client';
import { CREDITS_KEY } from '@/features/credits/use-credits-query';
import { useAuthDialog } from './auth-dialog-context';
import { AUTH_USER_KEY } from './use-auth';
import { useAuthProviders } from './use-auth-providers';

/** Spec 4: after a successful verification the app goes to / about 500 ms later. */
export const POST_LOGIN_REDIRECT_MS = 500;

type Step = 'email' | 'code';

export function AuthDialog() {
  const { open, mode, setOpen, setMode } = useAuthDialog();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);

  const reset = () => {
    setStep('email');
    setEmail('');
    setCode('');
    setError('');
    setLoading(false);
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) reset();
  };

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!EMAIL_PATTERN.test(trimmed)) {
      setError('Please enter a valid email address');
      return;
    }
    setLoading(true);
    setError('');
    try {
      await apiRequest('POST', '/api/send-verification-code', { email: trimmed });
      setEmail(trimmed);
      setStep('code');
      toast({
        title: 'Verification code sent',
        description: `Check your email at ${trimmed} for the 6-digit code`,
      });
    } catch (err) {
      const message = serverMessage(err, 'Failed to send verification code');
      setError(message);
      toast({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setLoading(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== VERIFICATION_CODE_LENGTH) {
      setError('Please enter the 6-digit verification code');
      return;
    }
    setLoading(true);
    setError('');
    try {
      const res = await apiRequest('POST', '/api/verify-email-code', { email, code });
      const { user } = (await res.json()) as { user: User };
      queryClient.setQueryData(AUTH_USER_KEY, user);
      await queryClient.invalidateQueries({ queryKey: CREDITS_KEY });
      toast({ title: 'Welcome!', description: 'Your account has been verified successfully' });
      onOpenChange(false);
      setTimeout(() => void navigate('/'), POST_LOGIN_REDIRECT_MS);
    } catch (err) {
      const message = serverMessage(err, 'Failed to verify code');
      setError(message);
      toast({ title: 'Verification failed', description: message, variant: 'destructive' });
      setLoading(false);
    }
  };

  const backToEmail = () => {
    setStep('email');
    setCode('');
    setError('');
  };

  const isSignup = mode === 'signup';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {step === 'email' ? (
          <>
            <div className="grid gap-1.5 text-center">
              <DialogTitle>{isSignup ? 'Create Account' : 'Welcome Back'}</DialogTitle>
              <DialogDescription>
                {isSignup
                  ? 'Sign up to turn your images into sketch videos.'
                  : 'Log in to continue creating.'}
              </DialogDescription>
            </div>
            <ProviderButtons />
            <div className="flex items-center gap-3 text-xs text-slate-500 uppercase">
              <span className="h-px flex-1 bg-slate-200" />
              or
              <span className="h-px flex-1 bg-slate-200" />
            </div>
            <form onSubmit={(e) => void sendCode(e)} className="grid gap-3" noValidate>
              <Label htmlFor="auth-email">Email</Label>
              <Input
                id="auth-email"
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setError('');
                }}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? 'auth-error' : undefined}
              />
              {error && <ErrorText>{error}</ErrorText>}
              <Button type="submit" disabled={loading}>
                <Mail className="h-4 w-4" aria-hidden="true" />
                {loading ? 'Sending code...' : 'Continue with Email'}
              </Button>
            </form>
            <p className="text-center text-sm text-slate-600">
              {isSignup ? 'Already have an account?' : "Don't have an account?"}{' '}
              <Button
                variant="link"
                className="h-auto p-0"
                onClick={() => setMode(isSignup ? 'login' : 'signup')}
              >
                {isSignup ? 'Log in' : 'Sign up'}
              </Button>
            </p>
            <p className="text-center text-xs text-slate-500">
              By continuing, you agree to our{' '}
              <Link to="/terms" className="underline" onClick={() => onOpenChange(false)}>
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to="/privacy" className="underline" onClick={() => onOpenChange(false)}>
                Privacy Policy
              </Link>
              .
            </p>
          </>
        ) : (
          <>
            <div className="grid gap-1.5 text-center">
              <DialogTitle>Check Your Email</DialogTitle>
              <DialogDescription>
                We sent a 6-digit code to <strong>{email}</strong>. Check your inbox and spam
                folder; delivery can take 1-2 minutes.
              </DialogDescription>
            </div>
            <form onSubmit={(e) => void verify(e)} className="grid gap-3" noValidate>
              <Label htmlFor="auth-code">Verification code</Label>
              <Input
                id="auth-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder="000000"
                className="text-center font-mono text-2xl tracking-[0.5em]"
                value={code}
                onChange={(e) => {
                  setCode(e.target.value.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH));
                  setError('');
                }}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? 'auth-error' : undefined}
              />
              {error && <ErrorText>{error}</ErrorText>}
              <Button type="submit" disabled={loading || code.length !== VERIFICATION_CODE_LENGTH}>
                {loading ? 'Verifying...' : 'Verify & Sign In'}
              </Button>
              <Button type="button" variant="ghost" onClick={backToEmail}>
                Back to email entry
              </Button>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ErrorText({ children }: { children: string }) {
  return (
    <p id="auth-error" role="alert" className="text-sm text-red-600">
      {children}
    </p>
  );
}

const PROVIDERS = [
  { id: 'google', label: 'Continue with Google' },
  { id: 'apple', label: 'Continue with Apple' },
] as const;

/** Full-page navigations to /api/login; a provider this server has no keys for is disabled. */
function ProviderButtons() {
  const { data } = useAuthProviders();
  return (
    <div className="grid gap-2">
      {PROVIDERS.map(({ id, label }) => {
        const enabled = data?.[id] ?? false;
        return (
          <div key={id} className="grid gap-1">
            <Button
              variant="outline"
              disabled={!enabled}
              onClick={() => window.location.assign(`/api/login?provider=${id}`)}
            >
              {label}
            </Button>
            {data && !enabled && (
              <p className="text-center text-xs text-slate-500">
                Not available here yet: please use your email.
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
