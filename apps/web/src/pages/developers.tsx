import { Page } from '@/components/layout/page';
import { usePageMeta } from '@/hooks/use-page-meta';

/** The public API's description for people who make videos from their own code. */
export function DevelopersPage() {
  usePageMeta(
    'Developers',
    'Make Rasma videos from your own code: API tokens, the API and webhooks.',
  );
  return <Page title="Developers" />;
}
