import { Page } from '@/components/layout/page';

export const PrivacyPage = () => (
  <Page title="Privacy Policy" intro="Last updated January 26, 2025" />
);
