import type { CreditHistoryEntry, UserDetails } from '@rasma/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIO_CREDIT_RULE, STORY_CREDIT_RULE } from '@/lib/contract';
import { CreditsPage } from '@/pages/credits';
import { renderInApp } from '@/test/render-app';
import { serveApi } from '@/test/serve-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const details = (changes: Partial<UserDetails>): UserDetails => ({
  subscriptionTier: 'basic',
  pendingSubscriptionTier: null,
  subscriptionStatus: 'active',
  subscriptionEndsAt: null,
  subscriptionEndDate: '2030-01-15T00:00:00.000Z',
  cycleStartDate: '2029-12-15T00:00:00.000Z',
  creditsUsedThisCycle: 0,
  ...changes,
});

function showPage(user: UserDetails, entries: CreditHistoryEntry[] = []) {
  serveApi({
    '/api/user/details': () => user,
    '/api/payments/config': () => ({ provider: 'test' }),
    '/api/credits/history?page=1': () => ({
      entries,
      pagination: { currentPage: 1, totalPages: 1, hasPrev: false, hasNext: false },
    }),
  });
  renderInApp(<CreditsPage />, '/credits');
}

describe('the credits page', () => {
  it.each(['past_due', 'payment_failed'])(
    'shows the payment-issue banner for %s',
    async (status) => {
      showPage(details({ subscriptionStatus: status }));
      const banner = (await screen.findByRole('alert')).textContent;
      expect(banner).toContain("We couldn't take the last payment for your plan");
      expect(banner).toContain('free plan (20 credits a week)');
    },
  );

  it('shows no banner while the plan is active, and the buy card and change-plan toggle for a paid tier', async () => {
    showPage(details({}));
    await screen.findByText('BASIC');
    expect(screen.queryByRole('alert')).toBeNull();
    screen.getByRole('heading', { name: 'Buy Credits' });
    screen.getByRole('button', { name: 'Change Plan' });
    // What a story and sound cost, in the contract's words.
    screen.getByText(STORY_CREDIT_RULE);
    screen.getByText(AUDIO_CREDIT_RULE);
    expect(screen.queryByRole('region', { name: 'Basic plan' })).toBeNull();
  });

  it('shows a free user the plan cards and no buy card', async () => {
    showPage(details({ subscriptionTier: 'free' }));
    expect((await screen.findByRole('region', { name: 'Plus plan' })).textContent).toContain(
      'Most Popular',
    );
    expect(screen.queryByRole('heading', { name: 'Buy Credits' })).toBeNull();
  });

  it('shows a pending downgrade with its date', async () => {
    showPage(
      details({
        subscriptionTier: 'pro',
        pendingSubscriptionTier: 'basic',
        subscriptionEndsAt: '2030-01-15T00:00:00.000Z',
      }),
    );
    await screen.findByText('Your plan changes to Basic on January 15, 2030.');
    screen.getByRole('button', { name: 'Keep Pro' });
  });

  it("names a video's credits by the video's title and model, or says the video was deleted", async () => {
    const entry = (id: number, video: CreditHistoryEntry['video']): CreditHistoryEntry => ({
      id,
      createdAt: '2030-01-10T12:00:00.000Z',
      kind: 'video_debit',
      reason: 'Video (rasma-ai-color)',
      delta: -15,
      balanceAfter: 25,
      video,
    });
    showPage(details({}), [
      entry(2, { title: 'Harbour at dusk', aiModel: 'rasma-ai-color' }),
      entry(1, null),
    ]);
    await screen.findByText('Harbour at dusk · Rasma AI Colour');
    screen.getByText('A video since deleted');
    expect(screen.queryByText(/rasma-ai/)).toBeNull();
  });
});
