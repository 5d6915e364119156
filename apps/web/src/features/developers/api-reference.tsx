import type { ApiCall, ApiOperation } from './api';

const partsOf = (operation: ApiOperation): string[] => {
  const schema = operation.requestBody?.content['multipart/form-data'] as
    { schema: { properties?: object; patternProperties?: object } } | undefined;
  return schema
    ? [
        ...Object.keys(schema.schema.properties ?? {}),
        ...Object.keys(schema.schema.patternProperties ?? {}).map((pattern) =>
          pattern.replace(/^\^|\$$/g, ''),
        ),
      ]
    : [];
};

/** What a call takes: its parameters and its body's kind. */
function Takes({ operation }: { operation: ApiOperation }) {
  const parts = partsOf(operation);
  const json = operation.requestBody?.content['application/json'] !== undefined;
  const params = operation.parameters ?? [];
  if (params.length === 0 && parts.length === 0 && !json) return null;
  return (
    <p className="mt-2 text-sm text-slate-700">
      Takes:{' '}
      {[
        ...params.map((p) => `${p.name} (${p.in}${p.required ? '' : ', optional'})`),
        ...(json ? ['a JSON body'] : []),
        ...(parts.length ? [`multipart parts ${parts.join(', ')}`] : []),
      ].join('; ')}
    </p>
  );
}

/** Every call a token may make, as the description gives it. */
export function ApiReference({ calls }: { calls: ApiCall[] }) {
  return (
    <div className="space-y-6">
      {calls.map(({ method, path, operation }) => (
        <article
          key={operation.operationId}
          aria-labelledby={`call-${operation.operationId}`}
          className="rounded-lg border border-slate-200 p-4"
        >
          <h3
            id={`call-${operation.operationId}`}
            className="font-mono text-sm font-semibold break-all"
          >
            <span className="mr-1 rounded bg-slate-100 px-1.5 py-0.5 text-ink">{method}</span>{' '}
            {path}
          </h3>
          <p className="mt-2 text-slate-800">{operation.summary}</p>
          <p className="mt-1 text-sm text-slate-600">
            Scope: <code>{operation['x-rasma-scope']}</code>
          </p>
          <Takes operation={operation} />
          <dl className="mt-2 grid grid-cols-[4rem_1fr] gap-x-3 gap-y-1 text-sm">
            {Object.entries(operation.responses).map(([status, response]) => (
              <div key={status} className="contents">
                <dt className="font-mono text-slate-700">{status}</dt>
                <dd className="text-slate-600">{response.description}</dd>
              </div>
            ))}
          </dl>
        </article>
      ))}
    </div>
  );
}
