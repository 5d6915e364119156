/**
 * The OpenAPI document at /api/openapi.json: valid OpenAPI 3.1 (a maintained validator), the calls
 * a token may make and no other, and schemas that describe what the server really answers.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import {
  API_TOKEN_LIMITS,
  api,
  webhookPayloadSchema,
  WEBHOOK_EVENTS,
  type Endpoint,
} from '@rasma/contract';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.js';
import { newAccount, postVideo } from './support/videos.js';

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  summary?: string;
  description: string;
  'x-rasma-scope': string;
  security: Json[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { headers?: Json; content?: Record<string, { schema: Json }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
}

let server: TestServer;
let response: Response;
let doc: Document;
beforeAll(async () => {
  server = await startTestServer();
  response = await server.request('/api/openapi.json');
  doc = (await response.json()) as Document;
});
afterAll(() => server.close());

const tokenCalls = Object.entries(api as Record<string, Endpoint>).filter(([, e]) => e.tokenScope);
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );
const operationOf = (name: string) => {
  const found = operations().find(({ op }) => op.operationId === name);
  if (!found) throw new Error(`${name} is not in the document`);
  return found.op;
};

/** Checks `value` against a schema of the document (its `$ref`s resolved within it). */
function conforms(schema: Json, value: unknown): string[] {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema(doc, 'doc');
  const withRefs = JSON.parse(
    JSON.stringify(schema).replaceAll('"$ref":"#/', '"$ref":"doc#/'),
  ) as Json;
  const validate = ajv.compile(withRefs);
  return validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
const jsonSchema = (op: Operation, status: number) =>
  op.responses[status]?.content?.['application/json']?.schema ?? {};

describe('GET /api/openapi.json', () => {
  it('is public JSON that caches, with no session or token', () => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    // The validator does refuse a broken one (a response without its description).
    const broken = structuredClone(doc);
    const list = broken.paths['/api/videos']?.get;
    if (list) list.responses['200'] = {};
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  });

  it('has every call a token may make, with its method and path, and no other', () => {
    const inDocument = operations().map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    const inTable = tokenCalls.map(
      ([, e]) => `${e.method} ${e.path.replace(/:(\w+)/g, (_, name: string) => `{${name}}`)}`,
    );
    expect(inDocument.sort()).toEqual(inTable.sort());
    expect(
      operations()
        .map(({ op }) => op.operationId)
        .sort(),
    ).toEqual(tokenCalls.map(([name]) => name).sort());
  });

  it.each(tokenCalls)(
    '%s names its scope, its summary, its parameters and the errors a client must handle',
    (name, e) => {
      const op = operationOf(name);
      expect(op.summary).toBe(e.summary);
      expect(op.summary).toBeTruthy();
      expect(op['x-rasma-scope']).toBe(e.tokenScope);
      expect(op.description).toContain(`\`${e.tokenScope}\``);
      expect(op.security).toEqual([{ bearerAuth: [] }]);
      const pathParams = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect((op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)).toEqual(
        pathParams,
      );
      for (const status of ['401', '403', '429', '503']) {
        expect(op.responses[status]?.content?.['application/json']?.schema).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
      expect(op.responses['429']?.headers).toHaveProperty('Retry-After');
      expect(op.responses['404'] !== undefined).toBe(pathParams.length > 0);
      if (e.body) expect(op.requestBody?.content).toHaveProperty('application/json');
      if (e.multipart) expect(op.requestBody?.content).toHaveProperty('multipart/form-data');
    },
  );

  it('says what a token is and how it is sent', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(operationOf('videos').responses['429']).toMatchObject({
      description: expect.stringContaining(`${API_TOKEN_LIMITS.requestsPerWindow} in`) as string,
    });
  });

  it("describes the create call's multipart parts, blobData with its schema", () => {
    const schema = operationOf('createVideo').requestBody?.content['multipart/form-data']
      ?.schema as { properties: Record<string, Json>; patternProperties: Record<string, Json> };
    expect(Object.keys(schema.properties).sort()).toEqual(['blobData', 'image', 'music', 'voice']);
    expect(Object.keys(schema.patternProperties)).toEqual(['^scene-[1-9][0-9]?$']);
    const blobData = schema.properties.blobData?.contentSchema as Json;
    expect(conforms(blobData, { drawingTime: 5, exports: ['gif'] })).toEqual([]);
    expect(conforms(blobData, { drawingTime: 'slow' })).not.toEqual([]);
  });
});

describe("the document's schemas", () => {
  it('describe what the server answers: a created video, the video, a page of videos, an error', async () => {
    const { cookie } = await newAccount(server.database, server.app.sessions);
    const created = await postVideo(server.url, cookie, { drawingTime: 1 });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { video: { id: string } };
    expect(conforms(jsonSchema(operationOf('createVideo'), 201), body)).toEqual([]);
    // A schema that did not match would say so: a video without its status.
    expect(
      conforms(jsonSchema(operationOf('video'), 200), { ...body.video, status: undefined }),
    ).not.toEqual([]);

    const get = (path: string) => server.request(path, { headers: { cookie } });
    const video = await get(`/api/videos/${body.video.id}`);
    expect(video.status).toBe(200);
    expect(conforms(jsonSchema(operationOf('video'), 200), await video.json())).toEqual([]);
    const page = await get('/api/videos');
    expect(conforms(jsonSchema(operationOf('videos'), 200), await page.json())).toEqual([]);
    const missing = await get('/api/videos/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(conforms(doc.components.schemas.Error ?? {}, await missing.json())).toEqual([]);
  });

  it('describe the webhooks: each event, its signed header and its payload', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const event of WEBHOOK_EVENTS) {
      const post = doc.webhooks[event]?.post;
      expect(post?.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(['header Rasma-Signature']);
      const payload = webhookPayloadSchema.parse({
        id: '00000000-0000-4000-8000-000000000001',
        type: event,
        createdAt: new Date().toISOString(),
        data: {
          video: {
            id: '00000000-0000-4000-8000-000000000002',
            title: 'cat',
            description: null,
            status: event === 'video.completed' ? 'completed' : 'failed',
            progress: 100,
            thumbnailUrl: null,
            createdAt: new Date().toISOString(),
            aiModel: 'rasma-ai',
            durationSeconds: 5,
          },
        },
      });
      const schema = post?.requestBody?.content['application/json']?.schema ?? {};
      expect(conforms(schema, payload)).toEqual([]);
      const other = WEBHOOK_EVENTS.find((e) => e !== event);
      expect(conforms(schema, { ...payload, type: other })).not.toEqual([]);
    }
  });
});
