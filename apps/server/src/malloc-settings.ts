import { readFileSync } from 'node:fs';
import { RENDER_MALLOC_ENV } from '@rasma/engine/allocator';

/**
 * The server's processes take the engine's glibc malloc settings too (two arenas; 1 MiB and more
 * mapped on its own and given back when freed): sharp decodes uploads on threads of its own, and
 * with glibc's defaults the memory of a burst stayed with the process (10 projects of a 49 MP
 * photo: 559 MB resident after, 180 MB with these; `npm run bench:uploads`). glibc reads them only
 * as a process starts, so a process started without them starts itself again with them, the same
 * process (`process.execve`, same pid and signals), before anything else is evaluated: this module
 * is the entries' first import. A setting the operator gave is kept.
 */
const missing = Object.entries(RENDER_MALLOC_ENV).filter(
  ([name]) => process.env[name] === undefined,
);
const restart = process as {
  execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never;
};
if (missing.length > 0 && restart.execve) {
  restart.execve(process.execPath, commandLine(), {
    ...process.env,
    ...Object.fromEntries(missing),
  });
}

/** The process's arguments as it was started (Node resolves the script's path in `argv`). */
function commandLine(): string[] {
  try {
    return readFileSync('/proc/self/cmdline', 'utf8').split('\0').slice(0, -1);
  } catch {
    return [process.argv0, ...process.execArgv, ...process.argv.slice(1)];
  }
}
