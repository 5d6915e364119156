import { Page } from '@/components/layout/page';

export const TermsPage = () => (
  <Page title="Terms of Service" intro="Last updated January 26, 2025" />
);
