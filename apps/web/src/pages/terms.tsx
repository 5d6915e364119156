import { Page } from '@/components/layout/page';
import { usePageMeta } from '@/hooks/use-page-meta';

export function TermsPage() {
  usePageMeta('Terms of Service', 'The terms that apply when you use Rasma to make sketch videos.');
  return <Page title="Terms of Service" intro="Last updated January 26, 2025" />;
}
