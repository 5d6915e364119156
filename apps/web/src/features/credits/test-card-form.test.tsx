import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/test/render-app';
import { requestsTo, serveApi } from '@/test/serve-api';
import { formatExpiry, isFutureExpiry, TestCardForm } from './test-card-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the expiry check', () => {
  const november2026 = new Date(2026, 10, 21);
  it.each([
    ['11/26', true],
    ['12 / 30', true],
    ['10/26', false],
    ['13/30', false],
    ['1/30', false],
    ['', false],
  ])('%s is a future expiry: %s', (text, future) => {
    expect(isFutureExpiry(text, november2026)).toBe(future);
  });
});

describe('the expiry as it is typed', () => {
  it.each([
    ['1', '1'],
    ['12', '12'],
    ['123', '12/3'],
    ['1234', '12/34'],
    ['12/34', '12/34'],
    ['12/345', '12/34'],
    ['12/', '12'],
    ['a1b2', '12'],
  ])('%s shows as %s', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });
});

describe('the test card form', () => {
  async function pay(cardNumber: string, expiry = '12/39') {
    await userEvent.type(screen.getByLabelText('Card number'), cardNumber);
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), expiry);
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $25.00' }));
  }

  it("shows the decline's message and does not count the payment as made", async () => {
    const fetchMock = serveApi({
      '/api/payments/test/confirm': () =>
        Response.json(
          { message: 'Your card was declined.', code: 'PAYMENT_FAILED' },
          { status: 402 },
        ),
    });
    const onPaid = vi.fn();
    renderInApp(<TestCardForm clientSecret="pi_1_secret_x" amount={2500} onPaid={onPaid} />);
    await pay('4000 0000 0000 0002');
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');
    expect(onPaid).not.toHaveBeenCalled();
    expect(
      JSON.parse(requestsTo(fetchMock, '/api/payments/test/confirm')[0]?.body as string),
    ).toEqual({
      clientSecret: 'pi_1_secret_x',
      cardNumber: '4000 0000 0000 0002',
    });
  });

  it('counts the payment as made only when the server says succeeded', async () => {
    serveApi({ '/api/payments/test/confirm': () => ({ status: 'succeeded' }) });
    const onPaid = vi.fn();
    renderInApp(<TestCardForm clientSecret="pi_2_secret_x" amount={2500} onPaid={onPaid} />);
    await pay('4242 4242 4242 4242');
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
  });

  it('tells which test cards to use and what each does', () => {
    serveApi({});
    renderInApp(<TestCardForm clientSecret="pi_4_secret_x" amount={2500} onPaid={vi.fn()} />);
    expect(screen.getByText(/no card is charged/).textContent).toBe(
      'Test mode: no card is charged. Use 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 ' +
        '(declined) or 4000 0000 0000 9995 (insufficient funds), any future expiry and any CVC.',
    );
    expect(screen.getByLabelText('Card number').getAttribute('placeholder')).toBe(
      '4242 4242 4242 4242',
    );
  });

  it('asks for a future expiry before sending anything', async () => {
    const fetchMock = serveApi({});
    renderInApp(<TestCardForm clientSecret="pi_3_secret_x" amount={2500} onPaid={vi.fn()} />);
    await pay('4242 4242 4242 4242', '01/20');
    expect(screen.getByRole('alert').textContent).toBe('Enter a future expiry date as MM/YY');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
