import { Page } from '@/components/layout/page';
import { ContactForm } from '@/features/contact/contact-form';

export function ContactPage() {
  return (
    <Page
      title="Contact Us"
      intro="Questions, feedback or a feature you would like? Write to us: we respond within 24 hours on business days."
    >
      <ContactForm />
    </Page>
  );
}
