import net from 'node:net';
import type { TestServer } from './test-server.js';

export function postJson(
  server: TestServer,
  pathname: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return server.request(pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The `name=value` part of a Set-Cookie header, for sending it back. */
export function cookieFrom(res: Response, name: string): string | undefined {
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return header?.split(';')[0];
}

export function setCookieHeader(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

/** A loopback port nothing listens on at the moment. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A signed-in user's JSON calls to `server`: the status and the parsed answer of each. */
export function signedInCalls(server: () => TestServer) {
  const call = async (cookie: string, method: string, pathname: string, body?: unknown) => {
    const res = await server().request(pathname, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return {
    call,
    balance: async (cookie: string) =>
      (await call(cookie, 'GET', '/api/credits')).body.credits as number,
    details: async (cookie: string) => (await call(cookie, 'GET', '/api/user/details')).body,
  };
}

/** Calls to `server` as the person whose session `cookie` carries: the answer, or its status and JSON. */
export function clientOf(server: TestServer, cookie: string) {
  const call = (pathname: string, init: RequestInit = {}) =>
    server.request(pathname, { ...init, headers: { cookie, ...init.headers } });
  const json = async <T>(pathname: string, init: RequestInit = {}) => {
    const res = await call(pathname, init);
    return { status: res.status, body: (await res.json()) as T };
  };
  return { call, json };
}
