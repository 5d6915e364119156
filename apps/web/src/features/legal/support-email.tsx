import { useApiQuery } from '@/lib/api-query';
import { api } from '@/lib/contract';

/** The support address from the server's configuration, as a mail link. */
export function SupportEmail() {
  const { data } = useApiQuery(api.siteInfo);
  if (!data) return <span>our support address (loading...)</span>;
  return (
    <a href={`mailto:${data.supportEmail}`} className="text-ink-soft underline">
      {data.supportEmail}
    </a>
  );
}
