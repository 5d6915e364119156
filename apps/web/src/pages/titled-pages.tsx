import { Page } from '@/components/layout/page';

/** Pages whose content later issues fill; their routes, titles and layout are final. */
export const AboutPage = () => <Page title="About Us" />;
export const HowToPage = () => <Page title="How To" />;
export const ContactPage = () => (
  <Page title="Contact Us" intro="We respond within 24 hours on business days." />
);
export const TermsPage = () => (
  <Page title="Terms of Service" intro="Last updated January 26, 2025" />
);
export const PrivacyPage = () => (
  <Page title="Privacy Policy" intro="Last updated January 26, 2025" />
);
export const CreditsPage = () => <Page title="Credits & Subscriptions" />;
export const AdminPage = () => <Page title="Admin Dashboard" />;
export const AdminAnalyticsPage = () => <Page title="Website Analytics" />;
export const AdminUsersPage = () => <Page title="User Management" />;
