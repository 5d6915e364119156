import {
  formatBytes,
  PROJECT_LIMITS,
  STORAGE_LIMITS,
  SUBSCRIPTION_TIERS,
} from '@rasma/contract/constants';
import { LegalDocument, type LegalSection } from '@/features/legal/legal-document';
import { SupportEmail } from '@/features/legal/support-email';
import { usePageMeta } from '@/hooks/use-page-meta';

const { quotaBytes } = STORAGE_LIMITS;
/** The paid plans' storage, once each: "2 GB". */
const PAID_QUOTA = [
  ...new Set(SUBSCRIPTION_TIERS.filter((tier) => tier !== 'free').map((t) => quotaBytes[t])),
]
  .map(formatBytes)
  .join(' or ');

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <ul>
        <li>
          <strong>Account.</strong> Your e-mail address, and the name and picture Google or Apple
          share when you sign in with them; your credit balance, plan and preferred model.
        </li>
        <li>
          <strong>Uploaded content.</strong> The images you upload, the Special Zones, settings and
          stroke edits you choose, the projects that keep them while you work, and the videos and
          thumbnails made from them. The name, size and dimensions of each uploaded image stay
          listed in your account after the image itself is deleted.
        </li>
        <li>
          <strong>Usage data.</strong> For each page view: the page, the site you came from, your
          device type, browser, country (when our hosting provider tells us, otherwise Unknown) and
          the time. To count unique visitors we use a code made from a secret that changes every
          day, your IP address and your browser’s User-Agent; the IP address itself is not stored
          and no cookie is set for this. When you ask for or enter a sign-in code, or send a contact
          message, your IP address is kept with the request for at most about a day, to stop abuse.
        </li>
        <li>
          <strong>Payment information.</strong> A record of each transaction (what you bought, the
          amount, its status and the payment provider’s reference) and your credit history. Card
          details go straight to the payment provider: we never see or store them.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How we use your information',
    body: (
      <ul>
        <li>To sign you in and keep you signed in (with essential sign-in cookies only).</li>
        <li>To make your videos and keep them in your library.</li>
        <li>To keep your work on an image as a project, so you can open it again on any device.</li>
        <li>To keep your credit balance, plan and payments right.</li>
        <li>To answer your messages and send service e-mails, such as sign-in codes.</li>
        <li>To understand, in aggregate, which pages are used, and to protect the service.</li>
      </ul>
    ),
  },
  {
    id: 'data-processing-and-ai',
    title: 'Data processing and AI',
    body: (
      <>
        <p>
          Your image is processed temporarily, on our own servers, by our own software: it finds the
          lines of your picture and draws them as strokes. No outside AI service sees it.
        </p>
        <p>
          The uploaded image is deleted as soon as its video has been generated (or could not be).
          The copy kept in your project, so you can come back to your work, goes with the project
          (see Data retention). Uploaded images are not used to train AI models without your
          explicit consent.
        </p>
      </>
    ),
  },
  {
    id: 'data-retention',
    title: 'Data retention',
    body: (
      <ul>
        <li>
          An image sent to make a video is deleted after generation. Temporary files made while
          processing are deleted within 24 hours: a clean-up runs every hour and removes anything
          left over.
        </li>
        <li>
          Videos and their thumbnails stay in your library until you delete them; deleting one
          removes its files.
        </li>
        <li>
          A project (the image you work on, a small thumbnail of it, and its Special Zones, settings
          and stroke edits) is kept until you delete it, or until {PROJECT_LIMITS.keptDays} days
          after its last change; it is then deleted with its image and thumbnail.
        </li>
        <li>
          What we keep for you is limited: your projects and the images waiting for their video
          count against your account’s storage, {formatBytes(quotaBytes.free)} on the free plan and{' '}
          {PAID_QUOTA} on a paid plan (the workspace shows how much you use). Finished videos do not
          count. Images are kept at most {STORAGE_LIMITS.imageLongSide} pixels on their long side: a
          larger one is made smaller, in your browser or on our server, before it is stored. A
          project’s Special Zones, settings and stroke edits take at most{' '}
          {formatBytes(STORAGE_LIMITS.maxStateBytes)}.
        </li>
        <li>
          An image you drop on the try-now page waits in your own browser (local storage) until you
          sign in, and is then removed from it.
        </li>
        <li>
          Your account, transaction records and contact messages are kept while your account exists,
          or until you ask us to delete them.
        </li>
      </ul>
    ),
  },
  {
    id: 'information-sharing',
    title: 'Information sharing',
    body: (
      <p>
        We do not sell or rent your information and we do not share it for advertising. We share
        only what a service provider in the next sections needs to do its job for us, or what the
        law requires.
      </p>
    ),
  },
  {
    id: 'data-security',
    title: 'Data security',
    body: (
      <p>
        Connections are encrypted. Sign-in codes are stored only as keyed hashes, sign-in cookies
        cannot be read by scripts, every video and image is available only to its owner, and
        administrators’ access is checked by the server. No system is perfectly secure, but we work
        to keep yours safe.
      </p>
    ),
  },
  {
    id: 'third-party-services',
    title: 'Third-party services',
    body: (
      <ul>
        <li>
          <strong>Google and Apple</strong>, when you choose to sign in with them.
        </li>
        <li>
          <strong>Stripe</strong> processes card payments; your card details go to Stripe, not to
          us.
        </li>
        <li>
          <strong>An e-mail delivery provider</strong> sends our e-mails (sign-in codes, replies).
        </li>
        <li>
          Our page-view statistics are first-party: counted by our own server, with no third-party
          analytics, advertising or tracking scripts.
        </li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <p>
        You can see your videos, projects and credit history in the app and delete any video or
        project yourself. You may ask us for a copy of your data, to correct it, or to delete your
        account and everything in it, by writing to <SupportEmail />. We answer within 24 hours on
        business days.
      </p>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International data transfers',
    body: (
      <p>
        Our servers and the providers above may be in countries other than yours. Where your data
        crosses borders, we rely on the safeguards the law requires, such as standard contractual
        clauses.
      </p>
    ),
  },
  {
    id: 'childrens-privacy',
    title: 'Children’s privacy',
    body: (
      <p>
        Rasma is not for children under 13, and we do not knowingly collect their information. If
        you believe a child under 13 has given us information, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'policy-changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy we update the date at the top of this page; significant changes
        are announced on the site before they apply.
      </p>
    ),
  },
  {
    id: 'contact-us',
    title: 'Contact us',
    body: (
      <p>
        Questions about your privacy? Write to <SupportEmail orContactForm />.
      </p>
    ),
  },
];

export function PrivacyPage() {
  usePageMeta(
    'Privacy Policy',
    `What Rasma collects, why, how long it is kept (uploads are deleted after generation, projects ${PROJECT_LIMITS.keptDays} days after their last change), and your rights over it.`,
  );
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what Rasma collects when you use the site and the app, what we do
          with it and the choices you have.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
