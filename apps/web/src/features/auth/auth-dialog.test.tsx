import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { creditsKeys } from '@/features/credits/api';
import { toast } from '@/hooks/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { USER } from '@/test/fixtures';
import { renderInApp } from '@/test/render-app';
import { AuthDialog } from './auth-dialog';
import { useAuthDialog } from './auth-dialog-context';
import { useAuth } from './use-auth';
import { POST_LOGIN_REDIRECT_MS } from './use-auth-steps';

vi.mock(import('@/hooks/use-toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  toast: vi.fn(),
}));

type Answer = () => Response | Promise<Response>;

const ANSWERS: Record<string, Answer> = {
  '/api/auth/user': () => Response.json({ message: 'Unauthorized' }, { status: 401 }),
  '/api/auth/providers': () => Response.json({ google: false, apple: false }),
  '/api/send-verification-code': () => Response.json({ message: 'Code sent' }),
  '/api/verify-email-code': () => Response.json({ message: 'Verified', user: USER }),
  '/api/credits': () => Response.json({ credits: 40 }),
};

/** Answers each API path as in ANSWERS, with `changes` replacing some of them. */
function serve(changes: Record<string, Answer> = {}) {
  const answers = { ...ANSWERS, ...changes };
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    const answer = answers[url];
    if (!answer) throw new Error(`unexpected fetch ${url}`);
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Harness() {
  const { openAuthDialog } = useAuthDialog();
  const { pathname } = useLocation();
  const { user } = useAuth();
  return (
    <>
      <button onClick={() => openAuthDialog('signup')}>Open</button>
      <p aria-label="Path">{pathname}</p>
      <p aria-label="User">{user?.email ?? 'signed out'}</p>
      <AuthDialog />
    </>
  );
}

const dialog = () => within(screen.getByRole('dialog'));
/** Moves the fake clock with React's work flushed (so a render never lags behind a timer). */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Moves the fake clock 1 ms at a time until `done`. */
async function advanceUntil(done: () => boolean) {
  for (let ms = 0; ms < 100; ms++) {
    if (done()) return;
    await advance(1);
  }
  throw new Error('still waiting after 100 ms');
}
const text = (label: string) => screen.getByLabelText(label).textContent;

async function openDialog() {
  const client = createQueryClient();
  renderInApp(<Harness />, '/about', client);
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return client;
}

async function reachCodeStep() {
  const client = await openDialog();
  await userEvent.type(dialog().getByLabelText('Email'), 'a@example.com');
  await userEvent.click(dialog().getByRole('button', { name: 'Continue with Email' }));
  await dialog().findByRole('heading', { name: 'Check Your Email' });
  return client;
}

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the e-mail step', () => {
  it('asks for a valid address without calling the server; typing clears the error', async () => {
    const fetchMock = serve();
    await openDialog();
    expect(dialog().getByRole('heading', { name: 'Create Account' })).toBeTruthy();
    await userEvent.click(dialog().getByRole('button', { name: 'Continue with Email' }));
    expect(dialog().getByRole('alert').textContent).toBe('Please enter a valid email address');
    await userEvent.type(dialog().getByLabelText('Email'), 'a');
    expect(dialog().queryByRole('alert')).toBeNull();
    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls).not.toContain('/api/send-verification-code');
  });

  it('sends the address, says so and asks for the code', async () => {
    const fetchMock = serve();
    await openDialog();
    await userEvent.type(dialog().getByLabelText('Email'), 'a@example.com');
    await userEvent.click(dialog().getByRole('button', { name: 'Continue with Email' }));
    await dialog().findByRole('heading', { name: 'Check Your Email' });
    const send = fetchMock.mock.calls.find(([url]) => url === '/api/send-verification-code');
    expect(send?.[1]?.body).toBe('{"email":"a@example.com"}');
    expect(toast).toHaveBeenCalledWith({
      title: 'Verification code sent',
      description: 'Check your email at a@example.com for the 6-digit code',
    });
  });

  it('falls back to its own message when the call fails without one', async () => {
    serve({ '/api/send-verification-code': () => Promise.reject(new TypeError('offline')) });
    await openDialog();
    await userEvent.type(dialog().getByLabelText('Email'), 'a@example.com');
    await userEvent.click(dialog().getByRole('button', { name: 'Continue with Email' }));
    expect((await dialog().findByRole('alert')).textContent).toBe(
      'Failed to send verification code',
    );
    expect(toast).toHaveBeenCalledWith({
      title: 'Error',
      description: 'Failed to send verification code',
      variant: 'destructive',
    });
  });
});

describe('the code step', () => {
  it('takes digits only, at most 6, and enables Verify at 6', async () => {
    serve();
    await reachCodeStep();
    const field = dialog().getByLabelText<HTMLInputElement>('Verification code');
    const verify = dialog().getByRole<HTMLButtonElement>('button', { name: 'Verify & Sign In' });
    await userEvent.type(field, 'a1b2c3d4e5');
    expect(field.value).toBe('12345');
    expect(verify.disabled).toBe(true);
    await userEvent.type(field, '6789');
    expect(field.value).toBe('123456');
    expect(verify.disabled).toBe(false);
  });

  it("shows the server's reason when verification fails; typing clears it", async () => {
    const reason = 'Invalid verification code. 4 attempts left.';
    serve({ '/api/verify-email-code': () => Response.json({ message: reason }, { status: 400 }) });
    await reachCodeStep();
    await userEvent.type(dialog().getByLabelText('Verification code'), '123456');
    await userEvent.click(dialog().getByRole('button', { name: 'Verify & Sign In' }));
    expect((await dialog().findByRole('alert')).textContent).toBe(reason);
    expect(toast).toHaveBeenCalledWith({
      title: 'Verification failed',
      description: reason,
      variant: 'destructive',
    });
    await userEvent.type(dialog().getByLabelText('Verification code'), '{Backspace}');
    expect(dialog().queryByRole('alert')).toBeNull();
  });

  it('goes back to the e-mail entry keeping the address and dropping the code', async () => {
    serve();
    await reachCodeStep();
    await userEvent.type(dialog().getByLabelText('Verification code'), '123');
    await userEvent.click(dialog().getByRole('button', { name: 'Back to email entry' }));
    expect(dialog().getByLabelText<HTMLInputElement>('Email').value).toBe('a@example.com');
    await userEvent.click(dialog().getByRole('button', { name: 'Continue with Email' }));
    await dialog().findByRole('heading', { name: 'Check Your Email' });
    expect(dialog().getByLabelText<HTMLInputElement>('Verification code').value).toBe('');
  });

  it('signs in: user set, credits refreshed, dialog closed, and / 500 ms later', async () => {
    serve();
    const client = await reachCodeStep();
    client.setQueryData(creditsKeys.balance, { credits: 0 });
    await userEvent.type(dialog().getByLabelText('Verification code'), '123456');
    vi.useFakeTimers();
    fireEvent.click(dialog().getByRole('button', { name: 'Verify & Sign In' }));
    await advanceUntil(() => screen.queryByRole('dialog') === null);
    expect(text('User')).toBe('a@example.com');
    expect(client.getQueryState(creditsKeys.balance)?.isInvalidated).toBe(true);
    expect(toast).toHaveBeenCalledWith({
      title: 'Welcome!',
      description: 'Your account has been verified successfully',
    });
    // The dialog closed during the last millisecond: the redirect is due 499 to 500 ms from now.
    await advance(POST_LOGIN_REDIRECT_MS - 2);
    expect(text('Path')).toBe('/about');
    await advance(2);
    expect(text('Path')).toBe('/');
  });
});

describe('closing the dialog', () => {
  const closeAndReopen = async () => {
    await userEvent.click(dialog().getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  };

  it('resets the error', async () => {
    serve();
    await openDialog();
    await userEvent.click(dialog().getByRole('button', { name: 'Continue with Email' }));
    expect(dialog().getByRole('alert')).toBeTruthy();
    await closeAndReopen();
    expect(dialog().queryByRole('alert')).toBeNull();
  });

  it('resets the step, the e-mail and the code', async () => {
    serve();
    await reachCodeStep();
    await userEvent.type(dialog().getByLabelText('Verification code'), '123');
    await closeAndReopen();
    expect(dialog().getByRole('heading', { name: 'Create Account' })).toBeTruthy();
    expect(dialog().getByLabelText<HTMLInputElement>('Email').value).toBe('');
  });

  it('resets the loading state', async () => {
    serve({ '/api/send-verification-code': () => new Promise(() => {}) });
    await openDialog();
    await userEvent.type(dialog().getByLabelText('Email'), 'a@example.com');
    await userEvent.click(dialog().getByRole('button', { name: 'Continue with Email' }));
    const sending = dialog().getByRole<HTMLButtonElement>('button', { name: 'Sending code...' });
    expect(sending.disabled).toBe(true);
    await closeAndReopen();
    const send = dialog().getByRole<HTMLButtonElement>('button', { name: 'Continue with Email' });
    expect(send.disabled).toBe(false);
  });
});
