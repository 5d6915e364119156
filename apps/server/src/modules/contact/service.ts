import { CONTACT_SEND_FAILED_MESSAGE, type ContactRequest } from '@rasma/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { hitRateLimit, type RateLimit } from '../../limits/rate-limiter.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import { saveContactMessage } from './queries.js';

/** Enough for a conversation, too few to flood the support inbox from one address. */
export const CONTACT_RATE_LIMIT: RateLimit = {
  max: 5,
  windowMs: 60 * 60 * 1000,
  message: 'Too many messages from your network. Please try again in an hour.',
};

export interface ContactDeps {
  db: Db;
  mailer: Mailer;
  supportEmail: string;
}

export interface ContactSender {
  ip: string;
  userId: string | undefined;
}

/**
 * A contact-form message (spec 2.10): counted against the sender's address, e-mailed to support
 * (replies go to the sender's e-mail when given) and kept. An undelivered message is not kept: the
 * sender sees the failure and can send it again.
 */
export async function sendContactMessage(
  { db, mailer, supportEmail }: ContactDeps,
  input: ContactRequest,
  sender: ContactSender,
): Promise<void> {
  await hitRateLimit(db, `contact:ip:${sender.ip}`, CONTACT_RATE_LIMIT);
  // The contract's schema gave the address in its one form; '' is none.
  const email = input.email || null;
  try {
    await mailer.send(supportMail(supportEmail, input.message, email, sender.userId));
  } catch (err) {
    throw new AppError(502, CONTACT_SEND_FAILED_MESSAGE, 'MAIL_FAILED', {
      cause: err,
    });
  }
  await saveContactMessage(db, {
    userId: sender.userId ?? null,
    email,
    message: input.message,
  });
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

function supportMail(
  to: string,
  message: string,
  email: string | null,
  userId: string | undefined,
): MailMessage {
  const from = [email ?? 'no e-mail given', userId ? `signed-in user ${userId}` : 'signed out'];
  const firstLine = message.split('\n', 1)[0] ?? '';
  return {
    to,
    ...(email ? { replyTo: email } : {}),
    kind: 'contact form',
    subject: `Contact form: ${firstLine.slice(0, 60)}`,
    text: `From: ${from.join(', ')}\n\n${message}\n`,
    html: `<p>From: ${escapeHtml(from.join(', '))}</p><p style="white-space:pre-wrap">${escapeHtml(message)}</p>`,
  };
}
