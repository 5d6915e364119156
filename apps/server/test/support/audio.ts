import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AUDIO_FORMATS } from '@rasma/contract';
import { resolveFfmpeg } from '@rasma/engine';

const run = promisify(execFile);

type FormatName = (typeof AUDIO_FORMATS)[number]['name'];

/** How the tests make a file of each accepted format with the bundled ffmpeg's encoders. */
export const AUDIO_SAMPLES: Record<
  FormatName,
  { extension: string; type: string; codec: string[] }
> = {
  MP3: { extension: 'mp3', type: 'audio/mpeg', codec: ['-c:a', 'libmp3lame', '-b:a', '128k'] },
  'M4A/AAC': { extension: 'm4a', type: 'audio/mp4', codec: ['-c:a', 'aac', '-b:a', '128k'] },
  WAV: { extension: 'wav', type: 'audio/wav', codec: ['-c:a', 'pcm_s16le'] },
  // Opus is 48 kHz (or 8-24 kHz) only.
  'OGG/Opus': { extension: 'ogg', type: 'audio/ogg', codec: ['-c:a', 'libopus', '-ar', '48000'] },
  WebM: { extension: 'webm', type: 'audio/webm', codec: ['-c:a', 'libopus', '-ar', '48000'] },
  FLAC: { extension: 'flac', type: 'audio/flac', codec: ['-c:a', 'flac'] },
};

const ffmpegPath = async () => (await resolveFfmpeg()).path;

/** Runs ffmpeg in a private folder; `output` names the file it writes, whose bytes are returned. */
async function withFfmpeg(args: (folder: string) => string[], output: string): Promise<Buffer> {
  const folder = await mkdtemp(path.join(tmpdir(), 'rasma-audio-sample-'));
  try {
    await run(await ffmpegPath(), ['-hide_banner', '-loglevel', 'error', ...args(folder)], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return await readFile(path.join(folder, output));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A tone of `seconds`, in `format`, made by ffmpeg. */
export function makeAudio(
  format: FormatName,
  { seconds = 3, sampleRate = 44_100, channels = 2, frequency = 440 } = {},
): Promise<Buffer> {
  const { extension, codec } = AUDIO_SAMPLES[format];
  const file = `tone.${extension}`;
  return withFfmpeg(
    (folder) => [
      ...['-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=${sampleRate}`],
      ...['-t', String(seconds), '-ac', String(channels), ...codec],
      path.join(folder, file),
    ],
    file,
  );
}

/**
 * A 16-bit mono PCM WAV whose header says it holds `claimedSeconds` while its data runs for
 * `seconds`: the header is written here, byte by byte.
 */
export function lyingWav({ claimedSeconds = 1, seconds = 310, sampleRate = 8000 } = {}): Buffer {
  const blockAlign = 2;
  const claimed = claimedSeconds * sampleRate * blockAlign;
  const data = Buffer.alloc(seconds * sampleRate * blockAlign);
  // A quiet square wave: something that decodes, not silence.
  for (let i = 0; i < data.length / 2; i += 1) data.writeInt16LE((i >> 4) % 2 ? 800 : -800, i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + claimed, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28); // byte rate
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(claimed, 40);
  return Buffer.concat([header, data]);
}

/** What ffmpeg reads in a media file: its audio stream's line, and the audio's decoded length. */
export async function probeAudio(
  media: Buffer,
  extension: string,
): Promise<{ audioStream: string | undefined; audioSeconds: number | undefined }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'rasma-audio-probe-'));
  try {
    const file = path.join(folder, `media.${extension}`);
    await writeFile(file, media);
    // The audio decoded whole (ffmpeg's last progress time is its real length); with none, ffmpeg
    // exits with an error after listing the streams it found.
    const stderr = await run(
      await ffmpegPath(),
      ['-hide_banner', '-nostdin', '-i', file, '-map', '0:a:0?', '-f', 'null', '-'],
      { maxBuffer: 16 * 1024 * 1024 },
    ).then(
      (done) => done.stderr,
      (failed: { stderr?: string }) => failed.stderr ?? '',
    );
    const audioStream = /Stream #0:\d+.*?: Audio: (.*)/.exec(stderr)?.[1];
    const times = [...stderr.matchAll(/time=(\d+):(\d+):(\d+(?:\.\d+)?)/g)];
    const last = times.at(-1);
    const audioSeconds =
      audioStream && last
        ? Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3])
        : undefined;
    return { audioStream, audioSeconds };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * A multipart body whose last part, the file `field`, runs on to `fileBytes` bytes, made as the
 * server reads it (never whole in memory); `sent()` says how many of the file's bytes went out. The
 * parts before it are fields (a string) or files (bytes).
 */
export function oversizedUpload(
  field: string,
  fileBytes: number,
  before: { name: string; value: string | Uint8Array; fileName?: string }[] = [],
): { init: RequestInit; sent: () => number } {
  const boundary = 'rasma-oversized-upload';
  const encoder = new TextEncoder();
  const head = (name: string, fileName?: string) =>
    encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
        (fileName ? `; filename="${fileName}"\r\nContent-Type: application/octet-stream` : '') +
        '\r\n\r\n',
    );
  const chunk = new Uint8Array(256 * 1024).fill(0x55);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of before) {
        controller.enqueue(head(part.name, part.fileName));
        controller.enqueue(
          typeof part.value === 'string' ? encoder.encode(part.value) : part.value,
        );
        controller.enqueue(encoder.encode('\r\n'));
      }
      controller.enqueue(head(field, `${field}.wav`));
    },
    pull(controller) {
      if (sent >= fileBytes) {
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
        return;
      }
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return {
    init: {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    },
    sent: () => sent,
  };
}
