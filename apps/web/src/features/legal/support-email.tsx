import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { siteInfoQuery } from './api';

const link = 'text-ink-soft underline';

/**
 * Whom to write to, after "write to": the support address from the server's configuration as a
 * mail link (with `orContactForm`, followed by "or use our contact form"), or, when none is
 * configured, "us through our contact form". Read without the schemas: the legal pages load none.
 */
export function SupportEmail({ orContactForm = false }: { orContactForm?: boolean }) {
  const { data } = useQuery(siteInfoQuery);
  const contactForm = (
    <Link to="/contact" className={link}>
      contact form
    </Link>
  );
  if (!data) return <span>our support address (loading...)</span>;
  if (!data.supportEmail) return <>us through our {contactForm}</>;
  return (
    <>
      <a href={`mailto:${data.supportEmail}`} className={link}>
        {data.supportEmail}
      </a>
      {orContactForm && <> or use our {contactForm}</>}
    </>
  );
}
