import { ShieldAlert } from 'lucide-react';

/** Spec 2.13/2.15: what a signed-in non-admin sees on an admin page, worded for the page. */
export function AccessDenied({ area }: { area: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <ShieldAlert aria-hidden className="mx-auto h-12 w-12 text-red-600" />
      <h1 className="mt-4 font-display text-3xl font-bold text-ink">Access Denied</h1>
      <p className="mt-3 text-slate-700">
        You don&apos;t have admin privileges to access this page.
      </p>
      <p className="mt-1 text-sm text-slate-500">
        Only authorized administrators can access {area}.
      </p>
    </div>
  );
}
