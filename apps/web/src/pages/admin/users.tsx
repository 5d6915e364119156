import { Page } from '@/components/layout/page';

export const AdminUsersPage = () => <Page title="User Management" />;
