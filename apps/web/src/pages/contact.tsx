import { Page } from '@/components/layout/page';
import { ContactForm } from '@/features/contact/contact-form';
import { usePageMeta } from '@/hooks/use-page-meta';

export function ContactPage() {
  usePageMeta(
    'Contact Us',
    'Questions, feedback or a feature request for Rasma? Send us a message: we respond within 24 hours on business days.',
  );
  return (
    <Page
      title="Contact Us"
      intro="Questions, feedback or a feature you would like? Write to us: we respond within 24 hours on business days."
    >
      <ContactForm />
    </Page>
  );
}
