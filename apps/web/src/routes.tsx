import type { PublicRoute, SignedInOnlyRoute } from '@rasma/contract';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { AuthUrlParams } from '@/features/auth/auth-url-params';
import { useAuth } from '@/features/auth/use-auth';
import { ContactPage } from '@/pages/contact';
import { LandingPage } from '@/pages/landing';
import { LoadingPage } from '@/pages/loading';
import { NotFoundPage } from '@/pages/not-found';
import { ProcessPage } from '@/pages/process';
import { TryNowPage } from '@/pages/try-now';
import { WorkspacePage } from '@/pages/workspace';
import {
  AboutPage,
  AdminAnalyticsPage,
  AdminPage,
  AdminUsersPage,
  CreditsPage,
  HowToPage,
  PrivacyPage,
  TermsPage,
} from '@/pages/titled-pages';

/** `/` is the landing page or the workspace, chosen below. */
const PUBLIC_PAGES: Record<Exclude<PublicRoute, '/'>, ComponentType> = {
  '/try-now': TryNowPage,
  '/about': AboutPage,
  '/how-to': HowToPage,
  '/contact': ContactPage,
  '/terms': TermsPage,
  '/privacy': PrivacyPage,
};

const SIGNED_IN_PAGES: Record<SignedInOnlyRoute, ComponentType> = {
  '/process': ProcessPage,
  '/credits': CreditsPage,
  '/admin': AdminPage,
  '/admin/analytics': AdminAnalyticsPage,
  '/admin/users': AdminUsersPage,
};

/** Spec 2.1. Admin pages are registered for every signed-in user; the server enforces access. */
export function AppRoutes() {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) {
    // Only / is served while the auth status loads; other paths wait without a false 404.
    return (
      <Routes>
        <Route path="/" element={<LoadingPage />} />
        <Route path="*" element={null} />
      </Routes>
    );
  }
  const pages = isAuthenticated ? { ...PUBLIC_PAGES, ...SIGNED_IN_PAGES } : PUBLIC_PAGES;
  const Home = isAuthenticated ? WorkspacePage : LandingPage;
  return (
    <>
      <AuthUrlParams isAuthenticated={isAuthenticated} />
      <Routes>
        <Route path="/" element={<Home />} />
        {Object.entries(pages).map(([path, Component]) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </>
  );
}
