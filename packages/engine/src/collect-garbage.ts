/**
 * A full garbage collection on demand, its typed arrays' memory given back before it returns.
 * Node gives `gc` only to a process started with `--expose-gc`: the flag is set here and the
 * collector taken from a fresh context (as Jest's leak detector does). V8 frees the memory of the
 * typed arrays it finds dead on a background thread, which a machine busy rendering runs late:
 * that is done during the collection instead.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collector: (() => void) | undefined;

export function collectGarbage(): void {
  if (!collector) {
    setFlagsFromString('--expose-gc');
    collector = runInNewContext('gc') as () => void;
  }
  setFlagsFromString('--no-concurrent-array-buffer-sweeping');
  collector();
  setFlagsFromString('--concurrent-array-buffer-sweeping');
}
