import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AuthDialogProvider } from '@/features/auth/auth-dialog-context';
import { createQueryClient } from '@/lib/query-client';

/** Renders UI inside the app's providers (a fresh query client, a router at `path`). */
export function renderInApp(ui: ReactNode, path = '/') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AuthDialogProvider>{ui}</AuthDialogProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
