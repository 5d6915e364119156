/** EBU R128 measures (ffmpeg's `ebur128` filter): of a file, or from a run's stderr. */
import { EngineError } from './errors.js';
import { runFfmpegOrFail } from './ffmpeg-run.js';

/** A mix's EBU R128 measures, as loudnorm takes them (its `measured_*` options). */
export interface Loudness {
  integrated: number;
  truePeak: number;
  range: number;
  threshold: number;
}

/** A measure is killed after this long: reading 5 minutes of AAC takes well under a second. */
const MEASURE_TIMEOUT_MS = 120_000;

/** ebur128's measures of an audio file (with `peak`, its true peak too). */
export async function fileLoudness(
  ffmpegPath: string,
  file: string,
  { signal, peak = false }: { signal?: AbortSignal | undefined; peak?: boolean } = {},
): Promise<Loudness> {
  const stderr = await runFfmpegOrFail(
    ffmpegPath,
    [
      '-loglevel',
      'info',
      '-nostats',
      '-i',
      file,
      '-map',
      '0:a:0',
      '-af',
      `ebur128=framelog=verbose${peak ? ':peak=true' : ''}`,
      '-f',
      'null',
      '-',
    ],
    { signal, timeoutMs: MEASURE_TIMEOUT_MS },
    'The sound could not be measured',
  );
  return loudnessSummary(stderr);
}

/**
 * The figures of ebur128's summary on ffmpeg's stderr (the true peak with `peak=true`, else
 * NaN); FFMPEG_FAILED without one.
 */
export function loudnessSummary(stderr: string): Loudness {
  const at = stderr.lastIndexOf('Summary:');
  const summary = stderr.slice(at);
  const figure = (label: string, unit: string) => {
    const value = new RegExp(`${label}:\\s+(-?[\\d.]+|-inf) ${unit}\\b`).exec(summary)?.[1];
    return value === '-inf' ? -Infinity : Number(value);
  };
  const integrated = figure('I', 'LUFS');
  if (at < 0 || Number.isNaN(integrated))
    throw new EngineError('FFMPEG_FAILED', 'The sound could not be measured: no ebur128 summary');
  return {
    integrated,
    // The first threshold is the integrated loudness's relative gate, the one loudnorm takes.
    threshold: figure('Threshold', 'LUFS'),
    range: figure('LRA', 'LU'),
    truePeak: figure('Peak', 'dBFS'),
  };
}
