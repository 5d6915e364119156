import { useState, type FormEvent } from 'react';
import { Breakable } from '@/components/ui/breakable';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { AccessDenied } from '@/features/admin/access-denied';
import { BackToAdmin } from '@/features/admin/back-to-admin';
import { formatDate, isAccessDenied } from '@/features/admin/format';
import { UserDetails } from '@/features/admin/user-details';
import { useAdminUsers, useUserLookup } from '@/features/admin/api';
import { usePageMeta } from '@/hooks/use-page-meta';
import { toast } from '@/hooks/use-toast';
import { ADMIN_LIMITS, type AdminUser } from '@/lib/contract';

/** Spec 2.15: a user card shows the first 5 videos and payments. */
const DETAIL_ITEMS = 5;
const SKELETON_ROWS = 10;

function UserRow({ user, onOpen }: { user: AdminUser; onOpen: () => void }) {
  const showStatus = user.subscriptionStatus !== 'active' && user.subscriptionTier !== 'free';
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="flex w-full flex-wrap items-center justify-between gap-3 px-3 py-3 text-left hover:bg-slate-50"
      >
        <div className="min-w-0">
          <p className="font-medium text-ink">
            <Breakable text={user.email} />
          </p>
          {(user.firstName || user.lastName) && (
            <p className="text-sm text-slate-600">
              {[user.firstName, user.lastName].filter(Boolean).join(' ')}
            </p>
          )}
          <p className="text-xs text-slate-500">
            Joined {formatDate(user.createdAt)} · <Breakable text={user.id} />
          </p>
        </div>
        <div className="flex items-center gap-3 text-sm">
          <span>{user.credits} credits</span>
          <span className="text-slate-500">{user.creditsUsedThisCycle} used</span>
          <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold uppercase">
            {user.subscriptionTier}
          </span>
          {showStatus && <span className="text-xs text-amber-700">{user.subscriptionStatus}</span>}
        </div>
      </button>
    </li>
  );
}

/** Spec 2.15: every user, 200 a page, newest first, with a detail card. */
export function AdminUsersPage() {
  usePageMeta('User Management', 'Every user, 200 a page, with their details.');
  const [page, setPage] = useState(1);
  const [pageInput, setPageInput] = useState('');
  const users = useAdminUsers(page);
  const details = useUserLookup(() =>
    toast({ title: 'Failed to load user details', variant: 'destructive' }),
  );
  if (isAccessDenied(users.error)) return <AccessDenied route="/admin/users" />;

  const data = users.data;
  const totalPages = data?.totalPages ?? 1;
  const goTo = (event: FormEvent) => {
    event.preventDefault();
    const wanted = Number(pageInput);
    if (Number.isInteger(wanted) && wanted >= 1 && wanted <= totalPages) setPage(wanted);
    setPageInput('');
  };
  const first = data && data.users.length > 0 ? (page - 1) * ADMIN_LIMITS.usersPageSize + 1 : 0;
  const last = data ? first + data.users.length - (first > 0 ? 1 : 0) : 0;

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <BackToAdmin />
      <h1 className="font-display text-4xl font-bold text-ink">User Management</h1>
      {details.data && (
        <Card
          title={<Breakable text={details.data.user.email} />}
          actions={
            <Button variant="outline" size="sm" onClick={() => details.reset()}>
              Close
            </Button>
          }
        >
          <UserDetails data={details.data} videos={DETAIL_ITEMS} payments={DETAIL_ITEMS} />
        </Card>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" disabled={!data?.hasPrevPage} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <Button variant="outline" disabled={!data?.hasNextPage} onClick={() => setPage(page + 1)}>
          Next
        </Button>
        <form className="flex items-center gap-2" onSubmit={goTo} noValidate>
          <Label htmlFor="page-number">Go to page</Label>
          <Input
            id="page-number"
            type="number"
            min={1}
            max={totalPages}
            className="w-24"
            value={pageInput}
            onChange={(e) => setPageInput(e.target.value)}
          />
          <Button type="submit" variant="outline">
            Go
          </Button>
        </form>
        {data && (
          <span className="text-sm text-slate-600">
            Page {data.currentPage} of {data.totalPages} ({data.totalUsers} total users)
          </span>
        )}
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        {users.isPending ? (
          <ul aria-label="Loading users">
            {Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <li
                key={i}
                data-testid="skeleton-row"
                className="m-3 h-12 animate-pulse rounded bg-slate-100"
              />
            ))}
          </ul>
        ) : !data || data.users.length === 0 ? (
          <p className="p-6 text-center text-slate-500">No users found</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {data.users.map((user) => (
              <UserRow key={user.id} user={user} onOpen={() => details.mutate(user.email)} />
            ))}
          </ul>
        )}
      </div>
      {data && (
        <p className="text-sm text-slate-600">
          Showing {first} to {last} of {data.totalUsers} users
        </p>
      )}
    </div>
  );
}
