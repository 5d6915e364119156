import type { PublicRoute, SignedInOnlyRoute } from '@rasma/contract';
import { Suspense, lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { DENIED_ADMIN_PAGES } from '@/features/admin/access-denied';
import { AuthUrlParams } from '@/features/auth/auth-url-params';
import { useAuth } from '@/features/auth/use-auth';
import { LoadingPage } from '@/pages/loading';
import { NotFoundPage } from '@/pages/not-found';

/**
 * Each page is its own chunk, loaded when first visited: the landing page's JavaScript carries no
 * workspace, credits or admin code (and only admins' browsers load the admin pages).
 */
function page<M>(load: () => Promise<M>, name: keyof M): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const LandingPage = page(() => import('@/pages/landing'), 'LandingPage');
const WorkspacePage = page(() => import('@/pages/workspace'), 'WorkspacePage');

/** `/` is the landing page or the workspace, chosen below. */
const PUBLIC_PAGES: Record<Exclude<PublicRoute, '/'>, ComponentType> = {
  '/try-now': page(() => import('@/pages/try-now'), 'TryNowPage'),
  '/about': page(() => import('@/pages/about'), 'AboutPage'),
  '/how-to': page(() => import('@/pages/how-to'), 'HowToPage'),
  '/contact': page(() => import('@/pages/contact'), 'ContactPage'),
  '/terms': page(() => import('@/pages/terms'), 'TermsPage'),
  '/privacy': page(() => import('@/pages/privacy'), 'PrivacyPage'),
  '/developers': page(() => import('@/pages/developers'), 'DevelopersPage'),
};

const SIGNED_IN_PAGES: Record<SignedInOnlyRoute, ComponentType> = {
  '/process': page(() => import('@/pages/process'), 'ProcessPage'),
  '/credits': page(() => import('@/pages/credits'), 'CreditsPage'),
  '/account': page(() => import('@/pages/account'), 'AccountPage'),
  '/admin': page(() => import('@/pages/admin/dashboard'), 'AdminPage'),
  '/admin/analytics': page(() => import('@/pages/admin/analytics'), 'AdminAnalyticsPage'),
  '/admin/users': page(() => import('@/pages/admin/users'), 'AdminUsersPage'),
};

/**
 * Spec 2.1. Admin routes are registered for every signed-in user; the server enforces access, and a
 * non-admin's browser gets the Access Denied panel without loading the admin pages.
 */
export function AppRoutes() {
  const { isLoading, isAuthenticated, user } = useAuth();
  if (isLoading) {
    // Only / is served while the auth status loads; other paths wait without a false 404.
    return (
      <Routes>
        <Route path="/" element={<LoadingPage />} />
        <Route path="*" element={null} />
      </Routes>
    );
  }
  const pages = !isAuthenticated
    ? PUBLIC_PAGES
    : user?.isAdmin
      ? { ...PUBLIC_PAGES, ...SIGNED_IN_PAGES }
      : { ...PUBLIC_PAGES, ...SIGNED_IN_PAGES, ...DENIED_ADMIN_PAGES };
  const Home = isAuthenticated ? WorkspacePage : LandingPage;
  return (
    <>
      <AuthUrlParams isAuthenticated={isAuthenticated} />
      <Suspense fallback={<LoadingPage />}>
        <Routes>
          <Route path="/" element={<Home />} />
          {Object.entries(pages).map(([path, Component]) => (
            <Route key={path} path={path} element={<Component />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </>
  );
}
