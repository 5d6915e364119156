import { MODEL_CREDIT_COST } from '@rasma/contract/constants';
import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from '@/features/legal/legal-document';
import { SupportEmail } from '@/features/legal/support-email';
import { usePageMeta } from '@/hooks/use-page-meta';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'the-service',
    title: 'The service',
    body: (
      <p>
        Rasma turns images you upload into videos of the image being drawn by hand. By creating an
        account or using the service you agree to these terms. You must be at least 13 years old.
      </p>
    ),
  },
  {
    id: 'your-account',
    title: 'Your account',
    body: (
      <p>
        Keep access to your e-mail and sign-in provider safe: whoever can sign in as you can use
        your credits and videos. Tell us at once if you think someone else has.
      </p>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content',
    body: (
      <>
        <p>
          You keep every right to the images you upload and the videos made from them. You give us
          only the permission needed to process your images and store and show your videos to you.
        </p>
        <p>
          Upload only images you have the right to use, and nothing unlawful, hateful or that
          infringes anyone else’s rights. We may remove content and close accounts that break this
          rule.
        </p>
      </>
    ),
  },
  {
    id: 'credits-and-payments',
    title: 'Credits, plans and payments',
    body: (
      <ul>
        <li>
          Each video costs credits: {MODEL_CREDIT_COST['rasma-ai']} in black and white,{' '}
          {MODEL_CREDIT_COST['rasma-ai-color']} in colour. If a video cannot be made, its credits
          are refunded automatically.
        </li>
        <li>
          Paid plans renew each month until you cancel; a cancellation or a downgrade takes effect
          at the end of the current period. Prices are shown on the{' '}
          <Link to="/credits" className="text-ink-soft underline">
            Credits
          </Link>{' '}
          page before you pay.
        </li>
        <li>Card payments are processed by our payment provider.</li>
      </ul>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <p>
        Do not try to break, overload or get around the limits of the service, access other people’s
        data, or resell the service without our written permission.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes',
    body: (
      <p>
        We work to keep Rasma running and improving, but cannot promise it will always be available
        or unchanged. The service is provided as is, to the extent the law allows.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <p>
        To the extent the law allows, our liability for any claim about the service is limited to
        what you paid us in the twelve months before it.
      </p>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: (
      <p>
        How we handle your information is explained in our{' '}
        <Link to="/privacy" className="text-ink-soft underline">
          Privacy Policy
        </Link>
        .
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Changes to these terms and contact',
    body: (
      <p>
        We update the date above when these terms change. Questions? Write to <SupportEmail />.
      </p>
    ),
  },
];

export function TermsPage() {
  usePageMeta(
    'Terms of Service',
    'The terms that apply when you use Rasma to make sketch videos: your content, credits, plans and payments.',
  );
  return (
    <LegalDocument
      title="Terms of Service"
      intro={<p>Please read these terms before using Rasma.</p>}
      sections={SECTIONS}
    />
  );
}
