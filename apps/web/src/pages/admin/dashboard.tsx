import { Page } from '@/components/layout/page';

export const AdminPage = () => <Page title="Admin Dashboard" />;
