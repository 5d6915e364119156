/**
 * The API's examples (modules/openapi/examples.ts), which the document, /developers and
 * docs/api.md show, run as a reader would: each `curl` command verbatim in bash against a real
 * server with a real API token, and the Node webhook receiver against signed deliveries.
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  API_TOKEN_PREFIX,
  TOKEN_SCOPES,
  WEBHOOK_LIMITS,
  WEBHOOK_SIGNATURE_HEADER,
  api,
  createApiTokenResponseSchema,
  type Endpoint,
} from '@rasma/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openApiDocument } from '../src/modules/openapi/document.js';
import { signatureHeader } from '../src/modules/webhooks/delivery.js';
import {
  API_EXAMPLES,
  WEBHOOK_RECEIVER_EXAMPLE,
  type ApiExample,
} from '../src/modules/openapi/examples.js';
import { freePort } from './support/http.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { newAccount } from './support/videos.js';

const SAMPLE = path.resolve(import.meta.dirname, '../../web/public/samples/cat-in-box-thumb.webp');

let server: TestServer;
let dir: string;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  dir = await mkdtemp(path.join(tmpdir(), 'rasma-examples-'));
  await copyFile(SAMPLE, path.join(dir, 'picture.webp'));
  // curl reads this (CURL_HOME) for every command: the answer's status after its body, so the
  // commands run exactly as the docs print them.
  await writeFile(path.join(dir, '.curlrc'), 'write-out = "\\n%{http_code}"\n');
  // A real token, made as the account page makes one.
  const { cookie } = await newAccount(server.database, server.app.sessions);
  const res = await server.request(api.createApiToken.path, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'examples', scopes: TOKEN_SCOPES }),
  });
  expect(res.status).toBe(201);
  token = createApiTokenResponseSchema.parse(await res.json()).token;
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

interface Ran {
  status: number;
  body: string;
}
const ran = new Set<ApiExample>();

/** Runs an example's command in bash as a reader would, with the variables the docs set. */
function run(example: ApiExample, videoId = ''): Promise<Ran> {
  ran.add(example);
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', example.command], {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        CURL_HOME: dir,
        RASMA_URL: server.url,
        RASMA_TOKEN: token,
        VIDEO_ID: videoId,
      },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      const cut = out.lastIndexOf('\n');
      resolve({ status: Number(out.slice(cut + 1)), body: out.slice(0, cut) });
    });
  });
}

const examples = (endpoint: ApiExample['endpoint']) =>
  API_EXAMPLES.filter((example) => example.endpoint === endpoint);
const example = (endpoint: ApiExample['endpoint']) => {
  const [found] = examples(endpoint);
  if (!found) throw new Error(`no example of ${endpoint}`);
  return found;
};

/** The status the document gives the call's success (its first response). */
const documented = (endpoint: ApiExample['endpoint']) => {
  const e: Endpoint = api[endpoint];
  const op = openApiDocument().paths[e.path.replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()];
  return Number(Object.keys(op?.responses ?? {})[0]);
};

/** Runs the example and checks its answer: the documented status and the endpoint's schema. */
async function expectAnswer(ex: ApiExample, videoId?: string): Promise<unknown> {
  const { status, body } = await run(ex, videoId);
  expect(status, `${ex.title}: ${body}`).toBe(documented(ex.endpoint));
  const schema = api[ex.endpoint].response;
  return typeof schema === 'string' ? body : schema.parse(JSON.parse(body));
}

const fileStart = async (name: string, bytes: number) =>
  (await readFile(path.join(dir, name))).subarray(0, bytes);

describe('the curl examples, run against the real server', () => {
  it('create a video from an upload, follow it, download it and its GIF, list and delete it', async () => {
    const [createOne, createWithExports] = examples('createVideo');
    if (!createOne || !createWithExports) throw new Error('two create examples');
    const { video } = (await expectAnswer(createOne)) as { video: { id: string } };
    const status = async () =>
      (await expectAnswer(example('video'), video.id)) as {
        status: string;
        exports: { format: string; status: string }[];
      };
    await vi.waitFor(async () => expect((await status()).status).toBe('completed'), {
      timeout: 120_000,
      interval: 500,
    });

    await expectAnswer(example('downloadVideo'), video.id);
    expect((await fileStart('video.mp4', 8)).subarray(4).toString('latin1')).toBe('ftyp');

    const made = (await expectAnswer(example('createVideoExport'), video.id)) as {
      export: { format: string };
    };
    expect(made.export.format).toBe('gif');
    await vi.waitFor(
      async () =>
        expect((await status()).exports).toContainEqual(
          expect.objectContaining({ format: 'gif', status: 'completed' }),
        ),
      { timeout: 120_000, interval: 500 },
    );
    await expectAnswer(example('downloadVideoExport'), video.id);
    expect((await fileStart('video.gif', 4)).toString('latin1')).toBe('GIF8');

    const page = (await expectAnswer(example('videos'))) as { videos: { id: string }[] };
    expect(page.videos.map((v) => v.id)).toContain(video.id);
    const { credits } = (await expectAnswer(example('credits'))) as { credits: number };
    expect(credits).toBeGreaterThanOrEqual(0);

    const withExports = (await expectAnswer(createWithExports)) as {
      video: { id: string; exports: { format: string }[] };
    };
    expect(withExports.video.exports.map((e) => e.format).sort()).toEqual(['gif', 'webm']);

    await expectAnswer(example('deleteVideo'), video.id);
    const gone = await run(example('video'), video.id);
    expect(gone.status).toBe(404);

    // Every example ran.
    expect(API_EXAMPLES.filter((e) => !ran.has(e))).toEqual([]);
  }, 300_000);

  it('a token that is not one is refused with 401, the same command otherwise', async () => {
    const list = example('videos');
    const forged = {
      ...list,
      command: list.command.replace('$RASMA_TOKEN', `${API_TOKEN_PREFIX}x`),
    };
    expect((await run(forged)).status).toBe(401);
  });
});

describe('docs/api.md', () => {
  it('shows every example as it runs', async () => {
    const doc = await readFile(path.resolve(import.meta.dirname, '../../../docs/api.md'), 'utf8');
    for (const { command } of API_EXAMPLES) expect(doc).toContain(`\`\`\`sh\n${command}\n\`\`\``);
    expect(doc).toContain(`\`\`\`js\n${WEBHOOK_RECEIVER_EXAMPLE}\`\`\``);
  });
});

describe('the Node webhook receiver example', () => {
  it('accepts a signed delivery and refuses a tampered, unsigned or old one', async () => {
    const secret = 'whsec_example-secret';
    const file = path.join(dir, 'receiver.mjs');
    await writeFile(file, WEBHOOK_RECEIVER_EXAMPLE);
    const port = await freePort();
    const child = spawn(process.execPath, [file], {
      env: { PATH: process.env.PATH, PORT: String(port), RASMA_WEBHOOK_SECRET: secret },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      await vi.waitFor(() => expect(out).toContain('Listening'), { timeout: 10_000 });
      const body = JSON.stringify({
        id: '00000000-0000-4000-8000-000000000001',
        type: 'video.completed',
        createdAt: new Date().toISOString(),
        data: { video: { id: '00000000-0000-4000-8000-000000000002' } },
      });
      // Signed by the server's own signer, as a delivery is.
      const sign = (t: number) => signatureHeader(secret, body, t);
      const now = Math.floor(Date.now() / 1000);
      const post = async (payload: string, signature?: string) =>
        (
          await fetch(`http://127.0.0.1:${port}/`, {
            method: 'POST',
            headers: signature ? { [WEBHOOK_SIGNATURE_HEADER]: signature } : {},
            body: payload,
          })
        ).status;

      expect(await post(body, sign(now))).toBe(200);
      await vi.waitFor(() => expect(out).toContain('Ready: 00000000-0000-4000-8000-000000000002'));
      expect(await post(body.replace('completed', 'failed'), sign(now))).toBe(400);
      expect(await post(body)).toBe(400);
      expect(await post(body, sign(now - WEBHOOK_LIMITS.toleranceSeconds - 60))).toBe(400);
      expect(await post(body, `t=${now},v1=${'0'.repeat(64)}`)).toBe(400);
    } finally {
      child.kill();
    }
  });
});
