import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { useAuthDialog } from './auth-dialog-context';

export function AuthDialog() {
  const { open, mode, setOpen, setMode } = useAuthDialog();
  const isSignup = mode === 'signup';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <DialogTitle>{isSignup ? 'Create Account' : 'Welcome Back'}</DialogTitle>
        <DialogDescription>
          {isSignup ? 'Sign up to start creating sketch videos.' : 'Log in to your Rasma account.'}
        </DialogDescription>
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
      </DialogContent>
    </Dialog>
  );
}
