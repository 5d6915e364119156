import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveFfmpeg } from '@rasma/engine';

export interface HeldFfmpeg {
  /** FFMPEG_PATH for the server under test. */
  path: string;
  /** How many encodes were asked for so far: one per render that reached its encoder. */
  encodes(): Promise<number>;
  /** Lets every encode, held and to come, run. */
  release(): Promise<void>;
  remove(): Promise<void>;
}

/**
 * An ffmpeg that counts the encodes it is asked for and holds each (its render waits, frames
 * unread) until `release`; then it is the real one. A test sees whether and when a render ran, and
 * keeps a render slot taken for as long as it likes.
 */
export async function heldFfmpeg(): Promise<HeldFfmpeg> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rasma-held-ffmpeg-'));
  const real = (await resolveFfmpeg()).path;
  const script = path.join(dir, 'ffmpeg');
  const encodes = path.join(dir, 'encodes');
  const released = path.join(dir, 'released');
  await writeFile(
    script,
    [
      '#!/bin/sh',
      // The engine asks for the version before each render: that is no encode.
      `case "$*" in *-version*) exec "${real}" "$@";; esac`,
      `echo encode >> "${encodes}"`,
      `while [ ! -e "${released}" ]; do sleep 0.1; done`,
      `exec "${real}" "$@"`,
    ].join('\n'),
  );
  await chmod(script, 0o755);
  return {
    path: script,
    encodes: async () =>
      (await readFile(encodes, 'utf8').catch(() => '')).split('\n').filter(Boolean).length,
    release: () => writeFile(released, ''),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
