import { Page } from '@/components/layout/page';
import { ApiTokensSection } from '@/features/api-tokens/api-tokens-section';
import { WebhooksSection } from '@/features/webhooks/webhooks-section';
import { usePageMeta } from '@/hooks/use-page-meta';

/** The person's account: API tokens for their own code, and webhooks that tell it of videos. */
export function AccountPage() {
  usePageMeta('Account', 'Your API tokens and webhooks.');
  return (
    <Page title="Account">
      <ApiTokensSection />
      <WebhooksSection />
    </Page>
  );
}
