import type { Payment, UserLookupResponse } from '@rasma/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatCents, formatDate } from './format';
import { UserDetails } from './user-details';

afterEach(cleanup);

const START = '2026-01-10T00:00:00.000Z';
const END = '2026-02-10T00:00:00.000Z';

const payment = (id: string, status: string, amount: number): Payment => ({
  id,
  description: `Payment ${id}`,
  type: 'pack',
  created: START,
  amount,
  status,
});

/** A user on Basic with a cancellation scheduled, as the server answers with test payments. */
const LOOKUP: UserLookupResponse = {
  user: {
    id: 'u1',
    email: 'basic@example.com',
    firstName: null,
    lastName: null,
    credits: 90,
    creditsUsedThisCycle: 30,
    createdAt: '2026-01-01T00:00:00.000Z',
    subscriptionTier: 'basic',
    subscriptionStatus: 'active',
    cycleStartDate: START,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
  },
  plan: {
    subscriptionTier: 'basic',
    pendingSubscriptionTier: 'free',
    subscriptionStatus: 'active',
    subscriptionEndsAt: END,
    subscriptionEndDate: END,
    cycleStartDate: START,
    creditsUsedThisCycle: 30,
  },
  stats: { totalVideos: 3, completedVideos: 3, failedVideos: 0, processingVideos: 0 },
  videos: [],
  paymentHistory: [
    payment('declined', 'failed', 500),
    payment('open', 'pending', 600),
    payment('paid', 'succeeded', 1100),
  ],
  subscriptionInfo: {
    currentSubscriptions: [
      {
        id: 'testsub_u1',
        status: 'active',
        plan: { amount: 1100, interval: 'month' },
        createdAt: START,
        currentPeriodStart: START,
        currentPeriodEnd: END,
        canceledAt: null,
      },
    ],
    paymentMethods: [],
    stripeCustomerId: null,
  },
};

const show = () => render(<UserDetails data={LOOKUP} videos={20} payments={20} />);
/** The value beside a label in one of the facts panels. */
const fact = (panel: string, label: string) => {
  const heading = screen.getByRole('heading', { name: panel });
  const term = within(heading.parentElement!).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe("a looked-up user's details", () => {
  it('shows a failed payment as failed, in red, and one not yet paid not as a failure', () => {
    show();
    const statusOf = (amount: number, status: string) =>
      screen.getByText(`${formatCents(amount)} ${status}`).className;
    expect(statusOf(500, 'failed')).toContain('text-red');
    expect(statusOf(600, 'pending')).not.toContain('text-red');
    expect(statusOf(1100, 'succeeded')).toContain('text-green');
  });

  it('shows the plan, its period and the change scheduled for its end', () => {
    show();
    expect(fact('Subscription', 'Tier')).toBe('BASIC');
    expect(fact('Subscription', 'Cycle start')).toBe(formatDate(START));
    expect(fact('Subscription', 'Cycle end')).toBe(formatDate(END));
    expect(fact('Subscription', 'Scheduled change')).toBe(`FREE on ${formatDate(END)}`);
    expect(fact('User Details', 'Credits used this cycle')).toBe('30');
    const subscriptions = screen.getByRole('heading', { name: 'Active Subscriptions' });
    expect(subscriptions.parentElement!.textContent).toContain(
      `active · ${formatCents(1100)}/month · until ${formatDate(END)}`,
    );
  });

  it('says None when no change is scheduled', () => {
    render(
      <UserDetails
        data={{ ...LOOKUP, plan: { ...LOOKUP.plan, pendingSubscriptionTier: null } }}
        videos={20}
        payments={20}
      />,
    );
    expect(fact('Subscription', 'Scheduled change')).toBe('None');
  });
});
