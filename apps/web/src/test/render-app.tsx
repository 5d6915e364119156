import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AuthDialogProvider } from '@/features/auth/auth-dialog-context';
import { createQueryClient } from '@/lib/query-client';

/** Renders UI inside the app's providers (a fresh query client unless given, a router at `path`). */
export function renderInApp(ui: ReactNode, path = '/', client: QueryClient = createQueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AuthDialogProvider>{ui}</AuthDialogProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
