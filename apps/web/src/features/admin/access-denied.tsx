import type { SignedInOnlyRoute } from '@rasma/contract';
import { ShieldAlert } from 'lucide-react';
import type { ComponentType } from 'react';
import { usePageMeta } from '@/hooks/use-page-meta';

type AdminRoute = Extract<SignedInOnlyRoute, `/admin${string}`>;

/** What each admin page's Access Denied panel names (spec 2.13/2.15). */
export const ADMIN_AREAS: Record<AdminRoute, string> = {
  '/admin': 'the admin dashboard',
  '/admin/analytics': 'website analytics',
  '/admin/users': 'user management',
};

/** Spec 2.13/2.15: what a signed-in non-admin sees on an admin page, worded for the page. */
export function AccessDenied({ route }: { route: AdminRoute }) {
  usePageMeta(`Access Denied to ${ADMIN_AREAS[route]}`, 'This page is for administrators only.');
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <ShieldAlert aria-hidden className="mx-auto h-12 w-12 text-red-600" />
      <h1 className="mt-4 font-display text-3xl font-bold text-ink">Access Denied</h1>
      <p className="mt-3 text-slate-700">
        You don&apos;t have admin privileges to access this page.
      </p>
      <p className="mt-1 text-sm text-slate-500">
        Only authorized administrators can access {ADMIN_AREAS[route]}.
      </p>
    </div>
  );
}

/**
 * The admin routes for a signed-in user who is not an administrator: the panel the server's refusal
 * leads to, shown without loading any admin page's code. (The pages show it too, on the server's
 * 403, for a session whose admin rights were taken away.)
 */
export const DENIED_ADMIN_PAGES: Record<AdminRoute, ComponentType> = {
  '/admin': () => <AccessDenied route="/admin" />,
  '/admin/analytics': () => <AccessDenied route="/admin/analytics" />,
  '/admin/users': () => <AccessDenied route="/admin/users" />,
};
