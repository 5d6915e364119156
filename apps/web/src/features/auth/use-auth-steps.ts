import type { User } from '@rasma/contract';
import {
  EMAIL_PATTERN,
  INVALID_CODE_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  VERIFICATION_CODE_DIGITS,
  VERIFICATION_CODE_LENGTH,
} from '@rasma/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useReducer, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/hooks/use-toast';
import { serverMessage } from '@/lib/http';
import { useAuthDialog } from './auth-dialog-context';
import { authKeys, authUserQuery, sendVerificationCode, verifyEmailCode } from './api';

/** Spec 4: after a successful verification the app goes to / about 500 ms later. */
export const POST_LOGIN_REDIRECT_MS = 500;

interface State {
  step: 'email' | 'code';
  email: string;
  code: string;
  error: string;
}

type Action =
  | { type: 'typeEmail'; email: string }
  | { type: 'typeCode'; code: string }
  | { type: 'submit' }
  | { type: 'fail'; error: string }
  | { type: 'codeSent'; email: string }
  | { type: 'backToEmail' };

const INITIAL_STATE: State = { step: 'email', email: '', code: '', error: '' };

function reduce(state: State, action: Action): State {
  switch (action.type) {
    case 'typeEmail':
      return { ...state, email: action.email, error: '' };
    case 'typeCode':
      return {
        ...state,
        code: action.code.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH),
        error: '',
      };
    case 'submit':
      return { ...state, error: '' };
    case 'fail':
      return { ...state, error: action.error };
    case 'codeSent':
      return { ...state, step: 'code', email: action.email };
    case 'backToEmail':
      return { ...state, step: 'email', code: '', error: '' };
  }
}

/** The e-mail sign-in: enter an address, get a code, verify it (spec 4). */
export function useAuthSteps() {
  const [state, dispatch] = useReducer(reduce, INITIAL_STATE);
  const signIn = useSignIn();
  const showError = (error: string) => dispatch({ type: 'fail', error });
  /** A failed call: its message inline and in a toast titled `title`. */
  const callFailed = (title: string, fallback: string) => (error: unknown) => {
    const message = serverMessage(error, fallback);
    showError(message);
    toast({ title, description: message, variant: 'destructive' });
  };
  // The dialog's calls go without the schemas (lib/plain-endpoints.ts): it opens sooner.
  const sendCode = useMutation({
    mutationFn: sendVerificationCode,
    onSuccess: (_, email) => {
      dispatch({ type: 'codeSent', email });
      toast({
        title: 'Verification code sent',
        description: `Check your email at ${email} for the ${VERIFICATION_CODE_DIGITS} code`,
      });
    },
    onError: callFailed('Error', 'Failed to send verification code'),
  });
  const verifyCode = useMutation({
    mutationFn: verifyEmailCode,
    onSuccess: ({ user }) => signIn(user),
    onError: callFailed('Verification failed', 'Failed to verify code'),
  });

  return {
    ...state,
    sending: sendCode.isPending,
    verifying: verifyCode.isPending,
    typeEmail: (email: string) => dispatch({ type: 'typeEmail', email }),
    typeCode: (code: string) => dispatch({ type: 'typeCode', code }),
    backToEmail: () => dispatch({ type: 'backToEmail' }),
    submitEmail: (event: FormEvent) => {
      event.preventDefault();
      const email = state.email.trim();
      if (!EMAIL_PATTERN.test(email)) return showError(INVALID_EMAIL_MESSAGE);
      dispatch({ type: 'submit' });
      sendCode.mutate(email);
    },
    submitCode: (event: FormEvent) => {
      event.preventDefault();
      const { email, code } = state;
      if (code.length !== VERIFICATION_CODE_LENGTH) return showError(INVALID_CODE_MESSAGE);
      dispatch({ type: 'submit' });
      verifyCode.mutate({ email, code });
    },
  };
}

export type AuthSteps = ReturnType<typeof useAuthSteps>;

/** After a verification: the user and credits caches refresh, the dialog closes, / follows. */
function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { setOpen } = useAuthDialog();
  return async (user: User) => {
    queryClient.setQueryData(authUserQuery.queryKey, user);
    await queryClient.invalidateQueries({ queryKey: authKeys.balance });
    toast({ title: 'Welcome!', description: 'Your account has been verified successfully' });
    setOpen(false);
    setTimeout(() => void navigate('/'), POST_LOGIN_REDIRECT_MS);
  };
}
