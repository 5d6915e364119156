import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { settlePayment } from './payments.js';
import { paymentStatusOf } from './queries.js';
import {
  UNKNOWN_TEST_CARD_MESSAGE,
  testCardOf,
  type createTestPaymentProvider,
} from './test-provider.js';

export type TestPaymentProvider = ReturnType<typeof createTestPaymentProvider>;

const paymentNotFound = () => new AppError(404, 'Payment not found', 'NOT_FOUND');

/**
 * The test card form's confirmation: the user's own open payment, paid or declined by the test
 * card's number (a void one is refused: a newer plan choice replaced it).
 */
export async function confirmTestPayment(
  db: Db,
  testProvider: TestPaymentProvider,
  userId: string,
  body: { clientSecret: string; cardNumber: string },
): Promise<{ status: 'succeeded' }> {
  const providerPaymentId = testProvider.paymentOfSecret(body.clientSecret);
  if (!providerPaymentId) throw paymentNotFound();
  const status = await paymentStatusOf(db, providerPaymentId, userId);
  if (!status) throw paymentNotFound();
  if (status === 'canceled') {
    throw new AppError(
      409,
      'This payment was replaced by a newer plan choice, so nothing was charged.',
      'PAYMENT_REPLACED',
    );
  }
  const card = testCardOf(body.cardNumber);
  if (!card)
    throw new AppError(400, `cardNumber: ${UNKNOWN_TEST_CARD_MESSAGE}`, 'VALIDATION_ERROR');
  const settled = await settlePayment(
    db,
    providerPaymentId,
    card.declineMessage === null
      ? { status: 'succeeded' }
      : { status: 'failed', message: card.declineMessage },
  );
  if (settled?.status !== 'succeeded') {
    throw new AppError(402, settled?.failureMessage ?? 'Payment failed', 'PAYMENT_FAILED');
  }
  return { status: 'succeeded' };
}
