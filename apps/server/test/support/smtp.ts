import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives. While `refusing`, it reads each
 * message and then answers 550 (the message's text is still in `received`, as a mail server
 * that refuses has seen it).
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback(
          state.refusing
            ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })
            : null,
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    state,
    /** The 6-digit code in the newest mail to `email`. */
    latestCodeFor(email: string): string {
      const mail = received.filter((m) => m.to.includes(email)).at(-1);
      const code = mail && /sign-in code is (\d{6})/.exec(mail.raw)?.[1];
      if (!code) throw new Error(`no code mailed to ${email}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
