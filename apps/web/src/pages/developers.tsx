import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { LoadingBlock } from '@/components/ui/spinner';
import {
  API_DESCRIPTION_PATH,
  apiDescriptionQuery,
  callsOf,
  type ApiDescription,
} from '@/features/developers/api';
import { ApiReference } from '@/features/developers/api-reference';
import { CodeBlock } from '@/features/developers/code-block';
import { usePageMeta } from '@/hooks/use-page-meta';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 text-slate-700">
      <h2 id={id} className="font-display text-2xl font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

const cell = 'border-b border-slate-200 px-3 py-2 text-left align-top';

/** Everything the page shows from the API's description. */
function Described({ description }: { description: ApiDescription }) {
  const calls = callsOf(description);
  const webhooks = Object.entries(description.webhooks);
  const [receiver] = webhooks[0]?.[1].post['x-codeSamples'] ?? [];
  const signature = webhooks[0]?.[1].post.parameters?.[0];
  return (
    <>
      <Section id="scopes" title="Scopes">
        <p>A token can do what its scopes allow, and nothing else:</p>
        <table className="w-full text-sm">
          <tbody>
            {Object.entries(description['x-rasma-token-scopes']).map(([scope, label]) => (
              <tr key={scope}>
                <th scope="row" className={`${cell} font-mono font-medium`}>
                  {scope}
                </th>
                <td className={cell}>{label}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          The account page, payments and the admin area are for the signed-in website only: a token
          gets 403 there.
        </p>
      </Section>

      <Section id="examples" title="Make a video with curl">
        <p>
          Each command reads the variables above. Keep the <code>video.id</code> of the create
          call&apos;s answer for the others: <code>export VIDEO_ID=...</code>
        </p>
        {calls.flatMap(({ operation }) =>
          (operation['x-codeSamples'] ?? []).map((sample) => (
            <CodeBlock key={sample.label} title={sample.label} code={sample.source} />
          )),
        )}
      </Section>

      <Section id="webhooks" title="Webhooks">
        <p>
          Rather than polling, add an HTTPS endpoint on the <Link to="/account">account page</Link>{' '}
          and choose its events. Its signing secret is shown once.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          {webhooks.map(([event, { post }]) => (
            <li key={event}>
              <code>{event}</code>: {post.summary}
            </li>
          ))}
        </ul>
        {webhooks[0] && <p>{webhooks[0][1].post.description}</p>}
        {signature && (
          <p>
            Each delivery carries <code>{signature.name}</code>: {signature.description}
          </p>
        )}
        {receiver && <CodeBlock title={receiver.label} code={receiver.source} />}
      </Section>

      <Section id="exports" title="Export formats">
        <p>
          Beside the MP4, name formats in <code>blobData.exports</code> when you create a video, or
          make one later from a finished video where the format allows it.
        </p>
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th className={cell}>Format</th>
              <th className={cell}>What it is</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(description['x-rasma-export-formats']).map(([format, info]) => (
              <tr key={format}>
                <th scope="row" className={`${cell} font-medium`}>
                  {info.label} <code className="block text-xs text-slate-500">{format}</code>
                </th>
                <td className={cell}>{info.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section id="errors" title="Rate limits and errors">
        <p>
          Every error is JSON, <code>{'{ "message": "...", "code": "..." }'}</code>: decide by{' '}
          <code>code</code>, show <code>message</code>. Each call below lists its statuses.
        </p>
        {calls[0]?.operation.responses['429'] && (
          <p>429: {calls[0].operation.responses['429'].description}.</p>
        )}
      </Section>

      <Section id="reference" title="Reference">
        <ApiReference calls={calls} />
      </Section>
    </>
  );
}

/** The public API's description for people who make videos from their own code. */
export function DevelopersPage() {
  usePageMeta(
    'Developers',
    'Make Rasma videos from your own code: API tokens, the API and webhooks.',
  );
  const description = useQuery(apiDescriptionQuery);
  const origin = window.location.origin;
  return (
    <Page
      title="Developers"
      intro="Make Rasma videos from your own code: create a video from a picture, follow it, and download the MP4, a WebM or a GIF, with the same calls the web app makes."
    >
      <div className="space-y-12">
        <Section id="start" title="Get started">
          <ol className="list-decimal space-y-2 pl-5">
            <li>
              Create a personal API token on your <Link to="/account">account page</Link>, with the
              scopes it needs. It is shown once: keep it secret, like a password.
            </li>
            <li>
              Send it as <code>Authorization: Bearer</code> to the site&apos;s address, {origin}.
              Videos it creates spend your credits.
            </li>
          </ol>
          <CodeBlock
            title="Your site and token"
            code={`export RASMA_URL=${origin}\nexport RASMA_TOKEN=rasma_pat_...`}
          />
          <p>
            The whole API is described in OpenAPI 3.1 at{' '}
            <a href={API_DESCRIPTION_PATH} className="underline">
              {API_DESCRIPTION_PATH}
            </a>
            , for your own tools.
          </p>
        </Section>
        {description.data ? (
          <Described description={description.data} />
        ) : description.isError ? (
          <p role="alert">
            The API&apos;s description could not be loaded.{' '}
            <Button variant="outline" size="sm" onClick={() => void description.refetch()}>
              Try again
            </Button>
          </p>
        ) : (
          <LoadingBlock />
        )}
      </div>
    </Page>
  );
}
