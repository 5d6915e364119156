import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake got: method, path and the form body as flat `a[b][0]=c` keys. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
}

type FakeSubscription = { id: string; itemId: string; price: string; customer: string };

/**
 * A loopback stand-in for the few Stripe API calls the server makes (prices, customers,
 * PaymentIntents, subscriptions, voiding invoices), answering as Stripe's API does in shape. Stripe itself cannot be
 * reached from the test machines. The customer and subscription lists are for tests that play
 * Stripe's side from another process (the browser tests): they find a user's subscription as a
 * Stripe client would.
 */
export async function startStripeFake({ port = 0 }: { port?: number } = {}) {
  const requests: FakeStripeRequest[] = [];
  const prices: { id: string; lookup_key: string; unit_amount: number }[] = [];
  const customers: { id: string; object: 'customer'; email: string }[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  let next = 0;
  const id = (prefix: string) => `${prefix}_fake${(next += 1)}`;
  const invoice = (amount: number) => {
    const invoiceId = id('in');
    return {
      id: invoiceId,
      object: 'invoice',
      amount_due: amount,
      confirmation_secret: {
        client_secret: `pi_for_${invoiceId}_secret_x`,
        type: 'payment_intent',
      },
    };
  };
  const list = (url: string, data: unknown[]) => ({ object: 'list', data, has_more: false, url });
  const subscriptionBody = (sub: FakeSubscription, amount: number) => ({
    id: sub.id,
    object: 'subscription',
    customer: sub.customer,
    status: 'incomplete',
    items: {
      object: 'list',
      data: [{ id: sub.itemId, object: 'subscription_item', price: { id: sub.price } }],
    },
    latest_invoice: invoice(amount),
  });
  const amountOf = (priceId: string) => prices.find((p) => p.id === priceId)?.unit_amount ?? 0;

  function answer(method: string, path: string, form: Record<string, string>): unknown {
    if (method === 'GET' && path === '/v1/prices') {
      return list(path, prices);
    }
    if (method === 'POST' && path === '/v1/prices') {
      const price = {
        id: id('price'),
        object: 'price',
        lookup_key: form.lookup_key ?? '',
        unit_amount: Number(form.unit_amount),
      };
      prices.push(price);
      return price;
    }
    if (method === 'GET' && path === '/v1/customers') {
      return list(
        path,
        customers.filter((c) => !form.email || c.email === form.email),
      );
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer' as const, email: form.email ?? '' };
      customers.push(customer);
      return customer;
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intent = id('pi');
      return {
        id: intent,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency,
        client_secret: `${intent}_secret_x`,
      };
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const mine = [...subscriptions.values()].filter(
        (sub) => !form.customer || sub.customer === form.customer,
      );
      return list(
        path,
        mine.map((sub) => subscriptionBody(sub, 0)),
      );
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const sub = {
        id: id('sub'),
        itemId: id('si'),
        price: form['items[0][price]'] ?? '',
        customer: form.customer ?? '',
      };
      subscriptions.set(sub.id, sub);
      return subscriptionBody(sub, amountOf(sub.price));
    }
    const voided = /^\/v1\/invoices\/(\w+)\/void$/.exec(path);
    if (voided && method === 'POST') return { id: voided[1], object: 'invoice', status: 'void' };
    const match = /^\/v1\/subscriptions\/(\w+)$/.exec(path);
    const sub = match && subscriptions.get(match[1] ?? '');
    if (sub && method === 'GET') return subscriptionBody(sub, 0);
    if (sub && method === 'POST') {
      const before = amountOf(sub.price);
      sub.price = form['items[0][price]'] ?? sub.price;
      const prorated = form.proration_behavior === 'always_invoice';
      return subscriptionBody(sub, prorated ? Math.round((amountOf(sub.price) - before) / 2) : 0);
    }
    return undefined;
  }

  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = Object.fromEntries(
        new URLSearchParams(req.method === 'GET' ? url.search : body),
      );
      requests.push({ method: req.method ?? '', path: url.pathname, form });
      const result = answer(req.method ?? '', url.pathname, form);
      res.writeHead(result ? 200 : 404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          result ?? { error: { type: 'invalid_request_error', message: 'No such route' } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    /** The price id Stripe holds for a lookup key (after the server has created it). */
    priceId: (lookupKey: string) => prices.find((p) => p.lookup_key === lookupKey)?.id,
    /** A subscription made before the test (on Stripe's side only). */
    addSubscription: (subscriptionId: string) =>
      subscriptions.set(subscriptionId, {
        id: subscriptionId,
        itemId: id('si'),
        price: '',
        customer: '',
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}
