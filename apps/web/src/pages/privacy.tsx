import { Page } from '@/components/layout/page';
import { usePageMeta } from '@/hooks/use-page-meta';

export function PrivacyPage() {
  usePageMeta(
    'Privacy Policy',
    'What Rasma collects, why, how long it is kept, and your rights over it.',
  );
  return <Page title="Privacy Policy" intro="Last updated January 26, 2025" />;
}
