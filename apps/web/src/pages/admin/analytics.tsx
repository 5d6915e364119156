import { Page } from '@/components/layout/page';

export const AdminAnalyticsPage = () => <Page title="Website Analytics" />;
