/**
 * glibc malloc settings for a process that renders (the CLI sets them in its `#!` line, the
 * server in the environment of its render processes; other C libraries ignore them).
 *
 * - Two arenas instead of eight per core: the engine's threads (its plan worker, sharp's) free
 *   what they allocate, and each arena would keep its share.
 * - Every allocation of 1 MiB or more mapped on its own and given back when freed. By default
 *   glibc raises that threshold after the first large free (up to 32 MiB), after which the
 *   planning's per-pixel arrays (2-8 MB each) come from the heap and their memory stays with the
 *   process once they are freed: 60-70 MB more at the peak of a 1920x1080 colour render.
 */
export const RENDER_MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '1048576',
} as const;

/**
 * Node flags for a process that renders (the CLI sets them in its `#!` line, the server passes
 * them to its render processes): V8's young generation held to 2 MB semi-spaces. Making frames
 * allocates short-lived objects at a high rate, and V8 grows the young generation to match (its
 * heap from 19 to 47 MB) and does not give it back: a 1920x1080 render's peak is some 22 MB lower
 * with it (252-259 -> 230-234 MB), at the same speed (README, Memory settings), and a story's later
 * scenes are planned on a lower base.
 */
export const RENDER_NODE_FLAGS = ['--max-semi-space-size=2'] as const;

/**
 * glibc malloc settings for the ffmpeg the engine starts, instead of the ones above that it would
 * inherit. ffmpeg allocates a packet for each raw frame it reads (2.3 MB at 1440x1080): mapped on
 * its own, every one of its pages faulted in again, frame after frame, which was near half of
 * ffmpeg's CPU time. Taken from the heap (under 32 MiB, the most glibc accepts; a 4K frame is 9.3
 * MB), the same memory serves every frame: at 1440x1080, 600 -> 40 page faults a frame, the same
 * peak memory (README, Memory).
 */
export const FFMPEG_MALLOC_ENV = {
  MALLOC_MMAP_THRESHOLD_: String(32 * 1024 * 1024),
} as const;
