import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { maskEmail } from '../logger.js';

export interface MailMessage {
  to: string;
  /** Where replies go (the contact form's sender), when not to the sender address. */
  replyTo?: string;
  subject: string;
  /** What the mail is, for the log: never its subject or text (they can carry a person's words). */
  kind: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Sends over SMTP when `smtpUrl` is set; otherwise writes each message to `outboxDir` as an .eml
 * file, so the product runs on one machine with no set-up. Only the mail's kind and the masked
 * recipient are logged.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, outboxDir, log } = options;
  // The recipient as an address object: the mailer never parses a display name out of it.
  const envelope = ({ kind: _kind, ...message }: MailMessage) => ({
    from,
    ...message,
    to: { name: '', address: message.to },
  });
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(envelope(message));
        log.info({ to: maskEmail(message.to), kind: message.kind }, 'mail sent over SMTP');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(message));
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      // The message holds a sign-in code: for the server's user only.
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info(
        { to: maskEmail(message.to), kind: message.kind, file },
        'mail written to the outbox',
      );
    },
    close: () => transport.close(),
  };
}
