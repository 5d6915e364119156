/** Sound files for the tests, made and measured with the ffmpeg build the engine ships. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';

const run = promisify(execFile);

/** An MP3 of a stereo tone `seconds` long, written to `file`. */
export async function makeToneMp3(file: string, seconds: number): Promise<void> {
  await run(ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:sample_rate=44100:duration=${seconds}`,
    '-ac',
    '2',
    '-b:a',
    '128k',
    '-y',
    file,
  ]);
}

/** The codec names of a file's streams of one kind ("aac", "h264"). */
export async function streamCodecs(file: string, kind: 'Audio' | 'Video'): Promise<string[]> {
  const { stderr } = await run(ffmpeg.path, ['-hide_banner', '-i', file, '-f', 'null', '-']).catch(
    (error: { stderr: string }) => ({ stderr: error.stderr }),
  );
  const input = stderr.split(/^Output #0/m)[0] ?? '';
  return [...input.matchAll(new RegExp(`Stream #0:\\d+.*?: ${kind}: (\\w+)`, 'g'))].map(
    (match) => match[1]!,
  );
}

/** How long one kind of stream plays, decoded whole (its last decoded time). */
export async function streamSeconds(file: string, stream: 'a' | 'v'): Promise<number> {
  const { stderr } = await run(ffmpeg.path, [
    '-hide_banner',
    '-i',
    file,
    '-map',
    `0:${stream}:0`,
    '-f',
    'null',
    '-',
  ]);
  const times = [...stderr.matchAll(/time=(\d+):(\d+):([\d.]+)/g)];
  const last = times.at(-1);
  if (!last) throw new Error(`no ${stream} stream decoded in ${file}`);
  return Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]);
}
