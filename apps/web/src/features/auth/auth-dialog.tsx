import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useAuthDialog } from './auth-dialog-context';
import { CodeStep } from './code-step';
import { EmailStep } from './email-step';
import { useAuthSteps } from './use-auth-steps';

export function AuthDialog() {
  const { open, setOpen } = useAuthDialog();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <AuthSteps />
      </DialogContent>
    </Dialog>
  );
}

/**
 * Lives in the dialog's content, which unmounts on close: closing resets the e-mail, the code, the
 * step, the error and the loading state.
 */
function AuthSteps() {
  const steps = useAuthSteps();
  return steps.step === 'email' ? <EmailStep steps={steps} /> : <CodeStep steps={steps} />;
}
