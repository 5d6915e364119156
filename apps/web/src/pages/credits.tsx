import { Page } from '@/components/layout/page';

export const CreditsPage = () => <Page title="Credits & Subscriptions" />;
