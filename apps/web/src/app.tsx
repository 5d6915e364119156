import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { Navbar } from '@/app-shell/navbar';
import { Footer } from '@/components/layout/footer';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { AuthDialogProvider } from '@/features/auth/auth-dialog-context';
import { LazyAuthDialog } from '@/features/auth/lazy-auth-dialog';
import { PageViewReporter } from '@/features/analytics/page-view-reporter';
import { createQueryClient } from '@/lib/query-client';
import { AppRoutes } from '@/routes';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <PageViewReporter />
        <AuthDialogProvider>
          <div className="flex min-h-screen flex-col">
            <Navbar />
            <main className="flex-1 pt-16">
              <AppRoutes />
            </main>
            <Footer />
          </div>
          <LazyAuthDialog />
          <LazyToaster />
        </AuthDialogProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
