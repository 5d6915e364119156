import net from 'node:net';

export interface FaultProxy {
  /** The loopback port the proxy listens on (what the code under test connects to). */
  port: number;
  /** Ends every connection through the proxy at once (a reset, as when the far end's host dies). */
  cut(): void;
  /**
   * Cuts every connection and refuses new ones (nothing listens: ECONNREFUSED), as when the service
   * is down, until `heal`.
   */
  refuse(): Promise<void>;
  /**
   * A network partition until `heal`: nothing gets through and no answer comes back, on open
   * connections and on new ones alike, and the service forgets the open ones (their far ends are
   * closed). After `heal`, such a connection is reset when it next sends, as a real network does
   * once the far end no longer knows it; one that only listens never learns by itself.
   */
  blackhole(): void;
  /** Forwards new connections again. */
  heal(): Promise<void>;
  close(): Promise<void>;
}

type Mode = 'forward' | 'refuse' | 'blackhole';

/**
 * A TCP proxy on loopback in front of `target` (PostgreSQL, an S3 server) that breaks the path on
 * purpose: tests point the code under test at `port` and cause the fault with `cut`, `refuse` or
 * `blackhole`, then `heal` it.
 */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: Mode = 'forward';
  /** Every socket, both sides of each connection. */
  const sockets = new Set<net.Socket>();
  /** Each client connection that forwards, and the end of it towards the target. */
  const links = new Map<net.Socket, net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    // A cut or a reset is expected here: each side is ended with the other.
    socket.on('error', () => undefined);
    socket.once('close', () => sockets.delete(socket));
  };

  /** A connection its far end no longer knows: what it sends is lost, or reset once healed. */
  const strand = (client: net.Socket) => {
    client.removeAllListeners('data');
    client.on('data', () => {
      if (mode === 'forward') client.resetAndDestroy();
    });
    client.resume();
  };

  const accept = (client: net.Socket) => {
    track(client);
    if (mode !== 'forward') return strand(client);
    const upstream = net.connect(target);
    track(upstream);
    links.set(client, upstream);
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const unlink = () => {
      if (links.get(client) !== upstream) return;
      links.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.once('close', unlink);
    upstream.once('close', unlink);
  };

  let server = net.createServer(accept);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  const stopListening = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      cut();
    });

  function cut() {
    links.clear();
    for (const socket of sockets) socket.resetAndDestroy();
  }

  return {
    port,
    cut,
    async refuse() {
      if (mode === 'refuse') return;
      mode = 'refuse';
      await stopListening();
    },
    blackhole() {
      mode = 'blackhole';
      for (const [client, upstream] of links) {
        links.delete(client);
        upstream.destroy();
        strand(client);
      }
    },
    async heal() {
      const was = mode;
      mode = 'forward';
      if (was === 'refuse') {
        server = net.createServer(accept);
        await listen(port);
      }
    },
    async close() {
      if (mode !== 'refuse') await stopListening();
      mode = 'refuse';
    },
  };
}
