import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type nodemailer from 'nodemailer';
import { maskEmail } from '../logger.js';

type Nodemailer = typeof nodemailer;

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
    const smtp = loadedOnFirstUse((nodemailer) => nodemailer.createTransport(smtpUrl));
    return {
      async send(message) {
        await (await smtp.get()).sendMail(envelope(message));
        log.info({ to: maskEmail(message.to), kind: message.kind }, 'mail sent over SMTP');
      },
      close: smtp.close,
    };
  }
  const outbox = loadedOnFirstUse((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message) {
      const info = await (await outbox.get()).sendMail(envelope(message));
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
    close: outbox.close,
  };
}

/** A transport made on the first mail: nodemailer is not loaded by a start that sends none. */
function loadedOnFirstUse<T extends { close(): void }>(
  make: (nodemailer: Nodemailer) => T,
): { get: () => Promise<T>; close: () => void } {
  let made: Promise<T> | undefined;
  return {
    get: () => (made ??= import('nodemailer').then((loaded) => make(loaded.default))),
    close: () => void made?.then((transport) => transport.close()),
  };
}
