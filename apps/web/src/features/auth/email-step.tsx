import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuthDialog } from './auth-dialog-context';
import { KeptImage } from './kept-image';
import { ProviderButtons } from './provider-buttons';
import { StepField, StepHeader } from './step-parts';
import type { AuthSteps } from './use-auth-steps';

export function EmailStep({ steps }: { steps: AuthSteps }) {
  const { mode, setMode, setOpen } = useAuthDialog();
  const isSignup = mode === 'signup';
  const close = () => setOpen(false);
  return (
    <>
      <StepHeader title={isSignup ? 'Create Account' : 'Welcome Back'}>
        {isSignup
          ? 'Sign up to turn your images into sketch videos.'
          : 'Log in to continue creating.'}
      </StepHeader>
      <KeptImage />
      <ProviderButtons />
      <div className="flex items-center gap-3 text-xs text-slate-500 uppercase">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <form onSubmit={steps.submitEmail} className="grid gap-3" noValidate>
        <StepField
          id="auth-email"
          label="Email"
          error={steps.error}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={steps.email}
          onChange={(e) => steps.typeEmail(e.target.value)}
        />
        <Button type="submit" disabled={steps.sending}>
          <Mail className="h-4 w-4" aria-hidden="true" />
          {steps.sending ? 'Sending code...' : 'Continue with Email'}
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
        <Link to="/terms" className="underline" onClick={close}>
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/privacy" className="underline" onClick={close}>
          Privacy Policy
        </Link>
        .
      </p>
    </>
  );
}
