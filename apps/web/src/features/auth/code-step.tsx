import { Button } from '@/components/ui/button';
import { VERIFICATION_CODE_DIGITS, VERIFICATION_CODE_LENGTH } from '@rasma/contract/constants';
import { StepField, StepHeader } from './step-parts';
import type { AuthSteps } from './use-auth-steps';

export function CodeStep({ steps }: { steps: AuthSteps }) {
  return (
    <>
      <StepHeader title="Check Your Email">
        We sent a {VERIFICATION_CODE_DIGITS} code to <strong>{steps.email}</strong>. Check your
        inbox and spam folder; delivery can take 1-2 minutes.
      </StepHeader>
      <form onSubmit={steps.submitCode} className="grid gap-3" noValidate>
        <StepField
          id="auth-code"
          label="Verification code"
          error={steps.error}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="000000"
          className="text-center font-mono text-2xl tracking-[0.5em]"
          value={steps.code}
          onChange={(e) => steps.typeCode(e.target.value)}
        />
        <Button
          type="submit"
          disabled={steps.verifying || steps.code.length !== VERIFICATION_CODE_LENGTH}
        >
          {steps.verifying ? 'Verifying...' : 'Verify & Sign In'}
        </Button>
        <Button type="button" variant="ghost" onClick={steps.backToEmail}>
          Back to email entry
        </Button>
      </form>
    </>
  );
}
