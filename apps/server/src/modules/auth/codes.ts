import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH, normalizeEmail } from '@rasma/contract';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailVerificationCodes } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { hitRateLimit, type RateLimit } from '../../limits/rate-limiter.js';
import type { Mailer } from '../../mail/mailer.js';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_FAILED_ATTEMPTS = 5;
export const RATE_LIMITS = {
  sendPerEmail: {
    max: 5,
    windowMs: 15 * 60 * 1000,
    message: 'Too many codes requested for this email. Please wait 15 minutes and try again.',
  },
  sendPerIp: {
    max: 50,
    windowMs: 60 * 60 * 1000,
    message: 'Too many codes requested from your network. Please try again later.',
  },
  verifyPerIp: {
    max: 30,
    windowMs: 15 * 60 * 1000,
    message: 'Too many sign-in attempts from your network. Please wait 15 minutes and try again.',
  },
} as const satisfies Record<string, RateLimit>;

export interface CodeDeps {
  db: Db;
  mailer: Mailer;
  secret: string;
}

/** An HMAC keyed by the server secret: a leaked table cannot be brute-forced offline. */
const hashCode = (secret: string, email: string, code: string) =>
  createHmac('sha256', secret).update(`${email}:${code}`).digest();

export async function sendVerificationCode(
  deps: CodeDeps,
  rawEmail: string,
  ip: string,
): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await hitRateLimit(deps.db, `send:email:${email}`, RATE_LIMITS.sendPerEmail);
  await hitRateLimit(deps.db, `send:ip:${ip}`, RATE_LIMITS.sendPerIp);

  const code = randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)
    .toString()
    .padStart(VERIFICATION_CODE_LENGTH, '0');
  const [row] = await deps.db
    .insert(emailVerificationCodes)
    .values({
      email,
      codeHash: hashCode(deps.secret, email, code).toString('hex'),
      requestIp: ip,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    })
    .returning({ id: emailVerificationCodes.id });

  try {
    await deps.mailer.send(verificationMail(email, code));
  } catch (err) {
    // Undelivered codes must not stay valid; they still count towards the rate limits.
    if (row)
      await deps.db
        .update(emailVerificationCodes)
        .set({ consumedAt: new Date() })
        .where(eq(emailVerificationCodes.id, row.id));
    throw new AppError(502, 'Failed to send verification code', 'MAIL_FAILED', { cause: err });
  }
}

function verificationMail(to: string, code: string) {
  return {
    to,
    kind: 'sign-in code',
    subject: 'Your Rasma sign-in code',
    text: `Your Rasma sign-in code is ${code}\n\nIt expires in 10 minutes. If you did not ask for it, ignore this e-mail.\n`,
    html: `<p>Your Rasma sign-in code is</p><p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p><p>It expires in 10 minutes. If you did not ask for it, ignore this e-mail.</p>`,
  };
}

/**
 * Checks a code against every live code for the e-mail, in constant time. A match signs in and voids
 * every live code of the e-mail; a miss counts against all of them, so 5 wrong tries kill every
 * outstanding code. Attempts are also limited per client address, across e-mails.
 */
export async function verifyCode(
  db: Db,
  secret: string,
  rawEmail: string,
  code: string,
  ip: string,
): Promise<void> {
  await hitRateLimit(db, `verify:ip:${ip}`, RATE_LIMITS.verifyPerIp);
  const email = normalizeEmail(rawEmail);
  const candidate = hashCode(secret, email, code);
  const outcome = await db.transaction(async (tx): Promise<VerifyOutcome> => {
    const live = await tx
      .select()
      .from(emailVerificationCodes)
      .where(
        and(
          eq(emailVerificationCodes.email, email),
          isNull(emailVerificationCodes.consumedAt),
          gt(emailVerificationCodes.expiresAt, new Date()),
          lt(emailVerificationCodes.failedAttempts, MAX_FAILED_ATTEMPTS),
        ),
      )
      .for('update');
    if (live.length === 0) return { kind: 'no-live-code' };

    const liveIds = inArray(
      emailVerificationCodes.id,
      live.map((row) => row.id),
    );
    const match = live.find((row) => timingSafeEqual(Buffer.from(row.codeHash, 'hex'), candidate));
    if (match) {
      await tx.update(emailVerificationCodes).set({ consumedAt: new Date() }).where(liveIds);
      return { kind: 'matched' };
    }
    await tx
      .update(emailVerificationCodes)
      .set({ failedAttempts: sql`${emailVerificationCodes.failedAttempts} + 1` })
      .where(liveIds);
    const fewestFailures = Math.min(...live.map((row) => row.failedAttempts));
    return { kind: 'wrong', attemptsLeft: MAX_FAILED_ATTEMPTS - fewestFailures - 1 };
  });
  // Thrown after the transaction, so the counted wrong try is kept.
  switch (outcome.kind) {
    case 'matched':
      return;
    case 'no-live-code':
      throw new AppError(
        401,
        'This code has expired or was already used. Please request a new code.',
        'CODE_EXPIRED',
      );
    case 'wrong': {
      if (outcome.attemptsLeft === 0) {
        throw new AppError(
          401,
          'Too many wrong attempts. Please request a new code.',
          'CODE_LOCKED',
        );
      }
      const tries = outcome.attemptsLeft === 1 ? '1 attempt' : `${outcome.attemptsLeft} attempts`;
      throw new AppError(401, `Invalid verification code. ${tries} left.`, 'CODE_INVALID');
    }
  }
}

type VerifyOutcome =
  { kind: 'matched' } | { kind: 'no-live-code' } | { kind: 'wrong'; attemptsLeft: number };
