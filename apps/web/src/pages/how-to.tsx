import { Page } from '@/components/layout/page';

export const HowToPage = () => <Page title="How To" />;
