import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH, normalizeEmail } from '@rasma/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  hitRateLimit,
  recordHit,
  refuseWhenLimitReached,
  type RateLimit,
} from '../../limits/rate-limiter.js';
import type { Mailer } from '../../mail/mailer.js';
import {
  consumeCode,
  consumeCodesOf,
  countFailedAttempt,
  insertVerificationCode,
  lockLiveCodes,
} from './queries.js';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_FAILED_ATTEMPTS = 5;
const EMAIL_LIMIT_MESSAGE =
  'Too many codes requested for this email. Please wait 15 minutes and try again.';
const NETWORK_LIMIT_MESSAGE = 'Too many codes requested from your network. Please try again later.';
/**
 * Codes are limited per e-mail and browser, so a stranger asking for someone's codes never uses up
 * the owner's. A stranger can mint browsers (cookies) at will: per e-mail and address they get 10 an
 * hour, so one address cannot reach the e-mail's ceiling of 20 per 15 minutes, which bounds the mail
 * a mailbox receives (80 an hour at most, from 8 or more addresses).
 */
export const RATE_LIMITS = {
  sendPerEmail: { max: 5, windowMs: 15 * 60 * 1000, message: EMAIL_LIMIT_MESSAGE },
  sendPerEmailAndIp: { max: 10, windowMs: 60 * 60 * 1000, message: NETWORK_LIMIT_MESSAGE },
  sendPerIp: { max: 50, windowMs: 60 * 60 * 1000, message: NETWORK_LIMIT_MESSAGE },
  sendPerEmailCeiling: { max: 20, windowMs: 15 * 60 * 1000, message: EMAIL_LIMIT_MESSAGE },
  /** Wrong tries only: an office behind one address signs in as often as it needs. */
  verifyPerIp: {
    max: 30,
    windowMs: 15 * 60 * 1000,
    message: 'Too many sign-in attempts from your network. Please wait 15 minutes and try again.',
  },
} as const satisfies Record<string, RateLimit>;

/** The browser asking: its network address and its sign-in cookie's nonce. */
export interface CodeClient {
  ip: string;
  nonce: string | undefined;
}

const NONCE_PATTERN = /^[\w-]{43}$/;

/** The browser's sign-in nonce if it sent a well-formed one, else a new random one. */
export const signInNonce = (sent: string | undefined): string =>
  sent && NONCE_PATTERN.test(sent) ? sent : randomBytes(32).toString('base64url');

const hashNonce = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

export interface CodeDeps {
  db: Db;
  mailer: Mailer;
  secret: string;
}

/** An HMAC keyed by the server secret: a leaked table cannot be brute-forced offline. */
const hashCode = (secret: string, email: string, code: string) =>
  createHmac('sha256', secret).update(`${email}:${code}`).digest();

/**
 * Mails a new code for the e-mail, bound to the asking browser's nonce. A request refused by a
 * limit is not counted by the limits after it: a stranger's refused requests never fill the ceiling.
 */
export async function sendVerificationCode(
  deps: CodeDeps,
  rawEmail: string,
  { ip, nonce }: CodeClient & { nonce: string },
): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const clientHash = hashNonce(nonce);
  await hitRateLimit(deps.db, `send:email:${email}:client:${clientHash}`, RATE_LIMITS.sendPerEmail);
  await hitRateLimit(deps.db, `send:email:${email}:ip:${ip}`, RATE_LIMITS.sendPerEmailAndIp);
  await hitRateLimit(deps.db, `send:ip:${ip}`, RATE_LIMITS.sendPerIp);
  await hitRateLimit(deps.db, `send:email:${email}`, RATE_LIMITS.sendPerEmailCeiling);

  const code = randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)
    .toString()
    .padStart(VERIFICATION_CODE_LENGTH, '0');
  const codeId = await insertVerificationCode(deps.db, {
    email,
    codeHash: hashCode(deps.secret, email, code).toString('hex'),
    requestIp: ip,
    clientHash,
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });

  try {
    await deps.mailer.send(verificationMail(email, code));
  } catch (err) {
    // Undelivered codes must not stay valid; they still count towards the rate limits.
    if (codeId) await consumeCode(deps.db, codeId);
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
 * Checks a code against the live codes this browser asked for (and codes from before browsers were
 * recorded), in constant time. A match signs in and voids every live code of the e-mail; a miss
 * counts against this browser's codes only, so 5 wrong tries kill them and a stranger's tries never
 * touch the owner's. Wrong tries are also limited per client address, across e-mails.
 */
export async function verifyCode(
  db: Db,
  secret: string,
  rawEmail: string,
  code: string,
  { ip, nonce }: CodeClient,
): Promise<void> {
  const ipLimitKey = `verify:ip:${ip}`;
  await refuseWhenLimitReached(db, ipLimitKey, RATE_LIMITS.verifyPerIp);
  const email = normalizeEmail(rawEmail);
  const candidate = hashCode(secret, email, code);
  const outcome = await db.transaction(async (tx): Promise<VerifyOutcome> => {
    const live = await lockLiveCodes(
      tx,
      email,
      nonce ? hashNonce(nonce) : undefined,
      MAX_FAILED_ATTEMPTS,
    );
    if (live.length === 0) return { kind: 'no-live-code' };

    const match = live.find((row) => timingSafeEqual(Buffer.from(row.codeHash, 'hex'), candidate));
    if (match) {
      await consumeCodesOf(tx, email);
      return { kind: 'matched' };
    }
    await countFailedAttempt(
      tx,
      live.map((row) => row.id),
    );
    const fewestFailures = Math.min(...live.map((row) => row.failedAttempts));
    return { kind: 'wrong', attemptsLeft: MAX_FAILED_ATTEMPTS - fewestFailures - 1 };
  });
  // Only wrong tries count. (Parallel ones may pass the check together; each browser's codes still
  // take 5 at most, and the per-address send limit bounds how many codes a browser can ask for.)
  if (outcome.kind !== 'matched') await recordHit(db, ipLimitKey);
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
