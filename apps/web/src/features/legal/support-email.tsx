import { useQuery } from '@tanstack/react-query';
import { plainQuery } from '@/lib/plain-endpoints';

/**
 * The support address from the server's configuration, as a mail link (read without the schemas:
 * the legal pages load none).
 */
export function SupportEmail() {
  const { data } = useQuery(plainQuery('siteInfo'));
  if (!data) return <span>our support address (loading...)</span>;
  return (
    <a href={`mailto:${data.supportEmail}`} className="text-ink-soft underline">
      {data.supportEmail}
    </a>
  );
}
