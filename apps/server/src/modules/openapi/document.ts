import path from 'node:path';
import {
  API_TOKEN_PREFIX,
  EXPORT_FORMAT_INFO,
  TOKEN_SCOPE_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  WEBHOOK_SIGNATURE_HEADER,
  api,
  errorResponseSchema,
  webhookPayloadSchema,
  type Endpoint,
  type EndpointName,
  type TokenScope,
} from '@rasma/contract';
import { CALL_ERRORS, STATUS_TEXT, commonErrors, merge } from './errors.js';
import { API_EXAMPLES, WEBHOOK_RECEIVER_EXAMPLE } from './examples.js';
import { MULTIPART_BODIES } from './multipart.js';
import { jsonSchemaOf, type JsonSchema } from './schemas.js';

export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, Operation>>;
};
type Operation = Record<string, unknown> & { operationId: EndpointName };

/**
 * Where the build writes the document: beside the bundle (`apps/server/dist/`, where every bundled
 * module is). Running from source, this folder holds none, so the server generates it at start.
 */
export const builtDocumentFile = () => path.join(import.meta.dirname, 'openapi.json');

/** The calls a token may make: the endpoints of the table that name a scope. */
export const tokenEndpoints = (): [EndpointName, Endpoint & { tokenScope: TokenScope }][] =>
  (Object.entries(api) as [EndpointName, Endpoint][]).filter(
    (entry): entry is [EndpointName, Endpoint & { tokenScope: TokenScope }] =>
      entry[1].tokenScope !== undefined,
  );

/** Fastify's `/api/videos/:id` is OpenAPI's `/api/videos/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

const ERROR_REF = { $ref: '#/components/schemas/Error' };

const TAGS: Record<TokenScope, string> = {
  'videos:read': 'Videos',
  'videos:create': 'Videos',
  projects: 'Projects',
};

/** What a call answers that is not JSON. */
const NON_JSON: Record<'file' | 'events', Record<string, unknown>> = {
  file: {
    description: 'The file (a range request answers 206 with that part)',
    content: {
      'application/octet-stream': {
        schema: { type: 'string', contentMediaType: 'application/octet-stream' },
      },
    },
  },
  events: {
    description: 'Server-sent events, one JSON object a message',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  },
};

/** The status of a call's success, where it is not 200. */
const CREATED: Partial<Record<EndpointName, number>> = {
  createVideo: 201,
  createProject: 201,
  uploadProjectAudio: 201,
  uploadProjectSceneImage: 201,
};

function parameters(e: Endpoint): Record<string, unknown>[] {
  const list: Record<string, unknown>[] = [];
  for (const [where, schema] of [
    ['path', e.params],
    ['query', e.query],
  ] as const) {
    if (!schema) continue;
    const json = jsonSchemaOf(schema, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      list.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return list;
}

function requestBody(name: EndpointName, e: Endpoint): Record<string, unknown> | undefined {
  if (e.body) {
    return {
      required: true,
      content: { 'application/json': { schema: jsonSchemaOf(e.body, 'input') } },
    };
  }
  const multipart = MULTIPART_BODIES[name];
  if (e.multipart && !multipart) throw new Error(`${name}: describe its multipart body`);
  return multipart && { required: true, content: { 'multipart/form-data': { schema: multipart } } };
}

function responses(name: EndpointName, e: Endpoint): Record<string, unknown> {
  const success =
    typeof e.response === 'string'
      ? NON_JSON[e.response as 'file' | 'events']
      : {
          description: 'Done',
          content: { 'application/json': { schema: jsonSchemaOf(e.response, 'output') } },
        };
  const answers: Record<string, unknown> = { [CREATED[name] ?? 200]: success };
  const errors = merge(commonErrors(e), CALL_ERRORS[name] ?? {});
  for (const [status, codes] of Object.entries(errors)) {
    answers[status] = {
      description: `${STATUS_TEXT[Number(status)] ?? 'Refused'}. Codes: ${(codes ?? []).map((c) => `\`${c}\``).join(', ')}.`,
      ...(status === '429'
        ? {
            headers: {
              'Retry-After': {
                description: 'Seconds to wait before the next request',
                schema: { type: 'integer', minimum: 1 },
              },
            },
          }
        : {}),
      content: { 'application/json': { schema: ERROR_REF } },
    };
  }
  return answers;
}

const examplesOf = (name: EndpointName) =>
  API_EXAMPLES.filter((example) => example.endpoint === name).map((example) => ({
    lang: 'Shell',
    label: example.title,
    source: example.command,
  }));

function operation(name: EndpointName, e: Endpoint & { tokenScope: TokenScope }): Operation {
  const codeSamples = examplesOf(name);
  const body = requestBody(name, e);
  const params = parameters(e);
  return {
    operationId: name,
    summary: e.summary,
    description: `Needs a token with the \`${e.tokenScope}\` scope (${TOKEN_SCOPE_LABELS[e.tokenScope]}).`,
    tags: [TAGS[e.tokenScope]],
    security: [{ bearerAuth: [] }],
    'x-rasma-scope': e.tokenScope,
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(name, e),
    ...(codeSamples.length ? { 'x-codeSamples': codeSamples } : {}),
  };
}

/** The calls in the order of an integration: those with an example in the examples' order first. */
function ordered() {
  const rank = (name: EndpointName) => {
    const i = API_EXAMPLES.findIndex((example) => example.endpoint === name);
    return i === -1 ? API_EXAMPLES.length : i;
  };
  return tokenEndpoints()
    .map((entry, i) => ({ entry, i }))
    .sort((a, b) => rank(a.entry[0]) - rank(b.entry[0]) || a.i - b.i)
    .map(({ entry }) => entry);
}

function webhook(event: (typeof WEBHOOK_EVENTS)[number]) {
  const payload = jsonSchemaOf(webhookPayloadSchema, 'output');
  return {
    post: {
      operationId: event,
      summary:
        event === 'video.completed' ? 'A video is made and ready to download' : 'A video failed',
      description: `Posted to each of your HTTPS endpoints that listens for \`${event}\`, signed with the endpoint's secret. Answer any 2xx within ${WEBHOOK_LIMITS.timeoutSeconds} s; otherwise the delivery is retried with growing delays, ${WEBHOOK_LIMITS.maxAttempts} attempts in all, with the same \`id\`.`,
      parameters: [
        {
          name: WEBHOOK_SIGNATURE_HEADER,
          in: 'header',
          required: true,
          description: `\`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's secret>\`. Refuse a timestamp more than ${WEBHOOK_LIMITS.toleranceSeconds} s away from your clock.`,
          schema: { type: 'string', pattern: '^t=\\d+(,v1=[0-9a-f]{64})+$' },
        },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              ...payload,
              properties: {
                ...(payload.properties as JsonSchema),
                type: { type: 'string', const: event },
              },
            },
          },
        },
      },
      responses: { '200': { description: 'Received (any 2xx)' } },
      'x-codeSamples': [
        {
          lang: 'JavaScript',
          label: 'Verify and receive (Node)',
          source: WEBHOOK_RECEIVER_EXAMPLE,
        },
      ],
    },
  };
}

/**
 * The OpenAPI 3.1 description of the calls a personal API token may make, generated from the
 * endpoint table and the contract's schemas (docs/decisions/014-openapi-from-the-endpoint-table.md).
 * Calls for a browser session only (the account page, payments, admin) are left out: a token gets
 * 403 from them.
 */
export function openApiDocument(): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [name, e] of ordered()) {
    (paths[openApiPath(e.path)] ??= {})[e.method.toLowerCase()] = operation(name, e);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Rasma API',
      version: '1',
      description: `Make hand-drawn sketch videos from your own code: upload a picture, follow the video's progress, download the MP4 and its exports. Every call is the web app's own, with the same limits and error codes. Send a personal API token (created on the account page, \`${API_TOKEN_PREFIX}...\`) as \`Authorization: Bearer\`; videos it creates spend your credits.`,
    },
    servers: [{ url: '/', description: "The site's own origin" }],
    security: [{ bearerAuth: [] }],
    tags: [
      {
        name: 'Videos',
        description: 'Create videos, follow them, download them and their exports',
      },
      { name: 'Projects', description: 'Work in progress on a picture, as the editor saves it' },
    ],
    paths,
    webhooks: Object.fromEntries(WEBHOOK_EVENTS.map((event) => [event, webhook(event)])),
    components: {
      schemas: { Error: jsonSchemaOf(errorResponseSchema, 'output') },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${API_TOKEN_PREFIX}...`,
          description:
            'A personal API token from the account page. Each call names the scope it needs.',
        },
      },
    },
    'x-rasma-token-scopes': TOKEN_SCOPE_LABELS,
    'x-rasma-export-formats': EXPORT_FORMAT_INFO,
  };
}
