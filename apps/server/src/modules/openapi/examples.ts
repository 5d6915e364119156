import { WEBHOOK_LIMITS, type EndpointName } from '@rasma/contract';

/**
 * The API's `curl` examples, in the order of an integration: the OpenAPI document carries each on
 * its operation (`x-codeSamples`), the /developers page shows them from there, docs/api.md quotes
 * them, and a server test runs each against a real server (apps/server/test/api-examples.test.ts).
 * They read `RASMA_URL` (the site's origin), `RASMA_TOKEN` (a personal API token) and `VIDEO_ID`.
 */
export interface ApiExample {
  endpoint: EndpointName;
  title: string;
  command: string;
}

const auth = '-H "Authorization: Bearer $RASMA_TOKEN"';

export const API_EXAMPLES: readonly ApiExample[] = [
  {
    endpoint: 'createVideo',
    title: 'Create a video from an upload',
    command: `curl -sS --fail-with-body ${auth} \\
  -F "image=@picture.webp" \\
  -F 'blobData={"drawingTime":5}' \\
  "$RASMA_URL/api/videos/create"`,
  },
  {
    endpoint: 'createVideo',
    title: 'Create a video with a WebM and a GIF beside the MP4',
    command: `curl -sS --fail-with-body ${auth} \\
  -F "image=@picture.webp" \\
  -F 'blobData={"drawingTime":5,"exports":["webm","gif"]}' \\
  "$RASMA_URL/api/videos/create"`,
  },
  {
    endpoint: 'video',
    title: "A video's status and progress",
    command: `curl -sS --fail-with-body ${auth} "$RASMA_URL/api/videos/$VIDEO_ID"`,
  },
  {
    endpoint: 'downloadVideo',
    title: 'Download the MP4',
    command: `curl -sS --fail-with-body -L ${auth} -o video.mp4 \\
  "$RASMA_URL/api/videos/$VIDEO_ID/download"`,
  },
  {
    endpoint: 'createVideoExport',
    title: 'Make a GIF of a finished video',
    command: `curl -sS --fail-with-body ${auth} \\
  -H "Content-Type: application/json" -d '{"format":"gif"}' \\
  "$RASMA_URL/api/videos/$VIDEO_ID/exports"`,
  },
  {
    endpoint: 'downloadVideoExport',
    title: 'Download the GIF once it is made',
    command: `curl -sS --fail-with-body -L ${auth} -o video.gif \\
  "$RASMA_URL/api/videos/$VIDEO_ID/exports/gif"`,
  },
  {
    endpoint: 'videos',
    title: 'List your videos, newest first',
    command: `curl -sS --fail-with-body ${auth} "$RASMA_URL/api/videos?page=1"`,
  },
  {
    endpoint: 'credits',
    title: 'Your credit balance',
    command: `curl -sS --fail-with-body ${auth} "$RASMA_URL/api/credits"`,
  },
  {
    endpoint: 'deleteVideo',
    title: 'Delete a video',
    command: `curl -sS --fail-with-body ${auth} -X DELETE "$RASMA_URL/api/videos/$VIDEO_ID"`,
  },
];

/**
 * A webhook receiver in Node with nothing but its standard library: it checks `Rasma-Signature`
 * (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`) in constant time and refuses an
 * old timestamp. The same test runs it and posts it signed and tampered deliveries.
 */
export const WEBHOOK_RECEIVER_EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

// The endpoint's signing secret (whsec_...), shown once when you added the endpoint.
const secret = process.env.RASMA_WEBHOOK_SECRET;
const port = Number(process.env.PORT ?? 3000);

/** True when a \`v1\` of \`header\` (Rasma-Signature) signs \`body\` (the raw text received) with \`secret\`. */
function verifyRasmaSignature(body, header, secret, toleranceSeconds = ${WEBHOOK_LIMITS.toleranceSeconds}) {
  const fields = header.split(',').map((field) => field.trim().split('='));
  const timestamp = fields.find(([key]) => key === 't')?.[1] ?? '';
  if (!/^\\d+$/.test(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${timestamp}.\${body}\`).digest();
  return fields.some(([key, value]) => {
    if (key !== 'v1' || !/^[0-9a-f]+$/i.test(value ?? '')) return false;
    const given = Buffer.from(value, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    if (!verifyRasmaSignature(body, request.headers['rasma-signature'] ?? '', secret)) {
      response.writeHead(400).end();
      return;
    }
    const event = JSON.parse(body);
    if (event.type === 'video.completed') console.log('Ready:', event.data.video.id);
    if (event.type === 'video.failed') console.log('Failed:', event.data.video.id);
    response.writeHead(200).end();
  });
}).listen(port, () => console.log(\`Listening for Rasma webhooks on port \${port}\`));
`;
