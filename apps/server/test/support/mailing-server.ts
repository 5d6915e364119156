import { PassThrough } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import { startSmtpServer } from './smtp.js';
import { startTestServer, type TestServer } from './test-server.js';

export interface MailingServer {
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  /** The server, sending its mail to `smtp`. */
  server: TestServer;
  /** Everything the server has logged so far, as text. */
  logs: string;
}

/**
 * A test server that sends its mail to a test SMTP server and keeps its log, for the tests of the
 * file that calls this: started before them, closed after. Its fields are set once they start.
 */
export function useMailingServer(logLevel: 'debug' | 'info'): MailingServer {
  const mailing = { logs: '' } as MailingServer;
  beforeAll(async () => {
    mailing.smtp = await startSmtpServer();
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => (mailing.logs += chunk.toString()));
    mailing.server = await startTestServer(
      { SMTP_URL: mailing.smtp.url, LOG_LEVEL: logLevel },
      { logStream },
    );
  });
  afterAll(async () => {
    await mailing.server.close();
    await mailing.smtp.close();
  });
  return mailing;
}
