/**
 * Benchmark of a video's sound: `npm run bench:audio -w packages/engine`. The built CLI renders
 * the portrait photo as a 30 s 1080p video (a 28 s drawing and its hold) silent, and with a
 * voice-over (29 s of speech-like sound with pauses) and a music bed (20 s, so it loops, ducks and
 * fades), both kept as the server keeps uploads (`storeAudioFile`). Runs interleaved (silent, with
 * sound), BENCH_RUNS of each (default 3): median times, their ratio (target 1.1x at most) and the
 * median of the paired ratios, the mix's own time (its log line), the MP4 sizes and peak memory.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storeAudioFile } from '../src/audio-file.js';
import { resolveFfmpeg } from '../src/ffmpeg.js';
import { photoPng } from '../test/photos.js';
import { makeSound, speech, tone } from '../test/sounds.js';
import { load, median, runCli } from './memory.js';

const DRAWING_TIME = 28;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** One CLI render: its time, memory, file size and (with sound) the mix's time from its log. */
async function render(args: string[], output: string) {
  const run = await runCli(['render', ...args, '-o', output, '--time', String(DRAWING_TIME)]);
  const mixLine = run.lines.find(({ line }) => line.startsWith('sound:'))?.line;
  return {
    seconds: run.seconds,
    rssMb: run.rssMb,
    ffmpegMb: run.ffmpegMb,
    bytes: (await stat(output)).size,
    mixLine,
  };
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'rasma-bench-audio-'));
  try {
    execFileSync('npm', ['run', '--silent', 'build'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
    });
    const ffmpeg = await resolveFfmpeg();
    const photo = join(work, 'portrait.png');
    await writeFile(photo, await photoPng('portrait'));
    // Sounds as people upload them, kept as the server keeps them.
    const spoken = Array.from({ length: 7 }, (_, i) => [i * 4, i * 4 + 3] as const);
    const voiceWav = await makeSound(ffmpeg.path, join(work, 'voice.wav'), {
      expr: speech(spoken, 0.3),
      seconds: 29,
    });
    const musicWav = await makeSound(ffmpeg.path, join(work, 'music.wav'), {
      expr: `${tone(220, 0.2)}+${tone(330, 0.1)}|${tone(277, 0.2)}+${tone(440, 0.1)}`,
      seconds: 20,
    });
    const voice = join(work, 'voice.m4a');
    const music = join(work, 'music.m4a');
    await storeAudioFile({ input: voiceWav, output: voice, ffmpeg });
    await storeAudioFile({ input: musicWav, output: music, ffmpeg });
    console.log(
      `ffmpeg ${ffmpeg.version}; portrait photo, ${DRAWING_TIME} s drawing at 1080p; ${RUNS} run(s) each, interleaved; ${load()}`,
    );

    const silent: Awaited<ReturnType<typeof render>>[] = [];
    const sound: typeof silent = [];
    for (let i = 0; i < RUNS; i++) {
      silent.push(await render([photo], join(work, 'silent.mp4')));
      sound.push(
        await render([photo, '--voice', voice, '--music', music], join(work, 'sound.mp4')),
      );
      console.log(
        `run ${i + 1}: silent ${silent[i]!.seconds.toFixed(2)} s, with sound ${sound[i]!.seconds.toFixed(2)} s (${sound[i]!.mixLine}); ${load()}`,
      );
    }
    const times = (runs: typeof silent) => median(runs.map((run) => run.seconds));
    const paired = median(sound.map((run, i) => run.seconds / silent[i]!.seconds));
    const mb = (bytes: number) => (bytes / 1e6).toFixed(2);
    const extra = sound[0]!.bytes - silent[0]!.bytes;
    console.log(
      [
        `\nsilent: median ${times(silent).toFixed(2)} s, CLI ${median(silent.map((r) => r.rssMb)).toFixed(0)} MB, ffmpeg ${median(silent.map((r) => r.ffmpegMb)).toFixed(0)} MB, ${mb(silent[0]!.bytes)} MB`,
        `with voice and music: median ${times(sound).toFixed(2)} s, CLI ${median(sound.map((r) => r.rssMb)).toFixed(0)} MB, ffmpeg ${median(sound.map((r) => r.ffmpegMb)).toFixed(0)} MB, ${mb(sound[0]!.bytes)} MB`,
        `ratio of medians **${(times(sound) / times(silent)).toFixed(3)}** (target 1.1 at most), median paired ratio ${paired.toFixed(3)}`,
        `the sound adds ${mb(extra)} MB (${((extra * 8) / 1000 / 30).toFixed(0)} kbps over 30 s); ${load()}`,
      ].join('\n'),
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
