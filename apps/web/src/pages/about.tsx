import { Page } from '@/components/layout/page';

export const AboutPage = () => <Page title="About Us" />;
