import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logDestination } from './logger.js';

/** Collects what is written to it; a terminal or not. */
function output(terminal: boolean) {
  const written: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString());
      done();
    },
  });
  return Object.assign(stream, { isTTY: terminal, written });
}

describe('where logs go', () => {
  it('in development on a terminal: one readable line per event, its fields below', async () => {
    const terminal = output(true);
    const destination = await logDestination('development', terminal);
    pino({}, destination).info({ videoId: 'v-1' }, 'render finished');
    await new Promise((resolve) => setImmediate(resolve));
    expect(terminal.written.join('')).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: render finished\n\s+videoId: "v-1"\n$/,
    );
  });

  it('in production, or not on a terminal: pino’s JSON lines', async () => {
    expect(await logDestination('production', output(true))).toBeUndefined();
    expect(await logDestination('development', output(false))).toBeUndefined();
  });
});
