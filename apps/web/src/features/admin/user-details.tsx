import type { UserDetails, UserLookupResponse } from '@rasma/contract';
import type { ReactNode } from 'react';
import { Breakable } from '@/components/ui/breakable';
import { downloadAnyVideo } from './download';
import { formatCents, formatDate } from './format';

const dateOrDash = (iso: string | null) => (iso ? formatDate(iso) : '—');

/** The tier the plan changes to when its period ends (a downgrade or a cancellation), and when. */
const scheduledChange = (plan: UserDetails) =>
  plan.pendingSubscriptionTier
    ? `${plan.pendingSubscriptionTier.toUpperCase()} on ${dateOrDash(plan.subscriptionEndsAt)}`
    : 'None';

/** Spec 4: a payment succeeded, failed, or has another status (pending, or void once replaced). */
const PAYMENT_STATUS_CLASS: Partial<Record<string, string>> = {
  succeeded: 'text-green-700',
  failed: 'text-red-700',
};

function Facts({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <div>
      <h3 className="mb-2 font-semibold text-ink">{title}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="min-w-0 break-words text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function List<T>({
  title,
  items,
  render,
}: {
  title: string;
  items: readonly T[];
  render: (item: T) => ReactNode;
}) {
  return (
    <div>
      <h3 className="mb-2 font-semibold text-ink">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">None</p>
      ) : (
        <ul className="space-y-1 text-sm">{items.map(render)}</ul>
      )}
    </div>
  );
}

/**
 * A looked-up user (spec 2.13/2.15): details, video stats, subscription, the provider's
 * subscriptions, payments and payment methods, recent videos (a completed one downloads on click).
 */
export function UserDetails({
  data,
  videos,
  payments,
  actions,
}: {
  data: UserLookupResponse;
  /** How many recent videos and payments to list. */
  videos: number;
  payments: number;
  actions?: ReactNode;
}) {
  const { user, plan, stats, subscriptionInfo } = data;
  return (
    <div className="space-y-6" data-testid="user-details">
      <div className="grid gap-6 md:grid-cols-3">
        <Facts
          title="User Details"
          rows={[
            ['ID', <Breakable text={user.id} />],
            ['Email', <Breakable text={user.email} />],
            ['Name', [user.firstName, user.lastName].filter(Boolean).join(' ') || '—'],
            ['Credits', <span data-testid="user-credits">{user.credits}</span>],
            ['Credits used this cycle', user.creditsUsedThisCycle],
            ['Joined', formatDate(user.createdAt)],
          ]}
        />
        <Facts
          title="Video Stats"
          rows={[
            ['Total', stats.totalVideos],
            ['Completed', stats.completedVideos],
            ['Failed', stats.failedVideos],
            ['Processing', stats.processingVideos],
          ]}
        />
        <Facts
          title="Subscription"
          rows={[
            ['Tier', plan.subscriptionTier.toUpperCase()],
            [
              'Status',
              <span className={plan.subscriptionStatus === 'active' ? '' : 'text-amber-700'}>
                {plan.subscriptionStatus}
              </span>,
            ],
            ['Cycle start', dateOrDash(plan.cycleStartDate)],
            ['Cycle end', dateOrDash(plan.subscriptionEndDate)],
            ['Scheduled change', scheduledChange(plan)],
            ...(subscriptionInfo.stripeCustomerId
              ? ([['Customer', <Breakable text={subscriptionInfo.stripeCustomerId} />]] as [
                  string,
                  ReactNode,
                ][])
              : []),
            ...(user.stripeSubscriptionId
              ? ([['Subscription', <Breakable text={user.stripeSubscriptionId} />]] as [
                  string,
                  ReactNode,
                ][])
              : []),
          ]}
        />
      </div>
      {actions}
      <div className="grid gap-6 md:grid-cols-2">
        <List
          title="Active Subscriptions"
          items={subscriptionInfo.currentSubscriptions}
          render={(s) => (
            <li key={s.id}>
              {s.status} · {formatCents(s.plan.amount)}/{s.plan.interval} · until{' '}
              {formatDate(s.currentPeriodEnd)}
            </li>
          )}
        />
        <List
          title="Payment Methods"
          items={subscriptionInfo.paymentMethods}
          render={(m) => (
            <li key={m.id}>
              {m.card
                ? `${m.card.brand} •••• ${m.card.last4} (${m.card.expMonth}/${m.card.expYear})`
                : m.type}
            </li>
          )}
        />
        <List
          title="Payment History"
          items={data.paymentHistory.slice(0, payments)}
          render={(p) => (
            <li key={p.id} className="flex justify-between gap-2">
              <span>
                {formatDate(p.created)} · {p.description ?? p.type}
              </span>
              <span className={PAYMENT_STATUS_CLASS[p.status] ?? 'text-slate-500'}>
                {formatCents(p.amount)} {p.status}
              </span>
            </li>
          )}
        />
        <List
          title="Recent Videos"
          items={data.videos.slice(0, videos)}
          render={(v) => (
            <li key={v.id} className="flex justify-between gap-2">
              {v.status === 'completed' ? (
                <button
                  type="button"
                  className="text-left text-ink-soft underline-offset-4 hover:underline"
                  onClick={() => void downloadAnyVideo(v.id)}
                >
                  {v.title}
                </button>
              ) : (
                <span>{v.title}</span>
              )}
              <span className="text-slate-500">
                {v.status} · {formatDate(v.createdAt)}
              </span>
            </li>
          )}
        />
      </div>
    </div>
  );
}
