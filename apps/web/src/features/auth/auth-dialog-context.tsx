import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export type AuthMode = 'signup' | 'login';

interface AuthDialogState {
  open: boolean;
  mode: AuthMode;
  openAuthDialog: (mode: AuthMode) => void;
  setOpen: (open: boolean) => void;
  setMode: (mode: AuthMode) => void;
}

const AuthDialogContext = createContext<AuthDialogState | null>(null);

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<AuthMode>('signup');
  const value = useMemo(
    () => ({
      open,
      mode,
      setOpen,
      setMode,
      openAuthDialog: (next: AuthMode) => {
        setMode(next);
        setOpen(true);
      },
    }),
    [open, mode],
  );
  return <AuthDialogContext.Provider value={value}>{children}</AuthDialogContext.Provider>;
}

export function useAuthDialog(): AuthDialogState {
  const state = useContext(AuthDialogContext);
  if (!state) throw new Error('useAuthDialog must be used inside AuthDialogProvider');
  return state;
}
