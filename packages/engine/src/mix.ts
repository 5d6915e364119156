/**
 * A video's sound: the voice-over and the music bed mixed into one AAC track of the video's
 * length (`mixSound`), and muxed with the encoder's MP4 (`muxSound`). The filter graph is built by
 * a pure function (`mixGraph`); the passes measure its loudness, then encode it normalised.
 */
import type { MusicClip, VoiceClip } from '@rasma/contract/audio';
import type { ReadAudio } from './audio-file.js';
import { runFfmpegOrFail } from './ffmpeg-run.js';
import { fileLoudness, loudnessSummary } from './loudness.js';
import type { Loudness } from './loudness.js';

/**
 * How loud the mix is. -16 LUFS integrated is the level podcasts are mastered to and most video
 * platforms play at (YouTube turns anything louder down to -14, so this is never made quieter
 * there), with true peaks at most -1 dBTP so no player's decoder clips them.
 */
export const MIX_LOUDNESS = {
  /** Integrated loudness, LUFS. */
  integrated: -16,
  /** The true peak the delivered AAC may reach, dBTP. */
  truePeak: -1,
  /**
   * The true peak the mix is held to before it is encoded: AAC's decoded peaks land above the
   * samples it was given (some half a decibel on voice and music).
   */
  mixPeak: -2,
  /**
   * loudnorm's loudness range target, its widest: its linear mode (one gain for the whole mix)
   * applies only while the measured range is within it, and narrowing the range is not ours to do.
   */
  range: 20,
  /**
   * An encoded mix that lands further than this from the target is encoded again (at most
   * `retries` times) with its gain corrected by what it missed, through the limiter.
   */
  retryBeyondLu: 0.5,
  retries: 2,
} as const;

/** The true-peak limiter's look-ahead and release, in milliseconds (alimiter's defaults). */
const LIMITER = { attackMs: 5, releaseMs: 50 } as const;

/** The mix as the MP4 carries it: AAC-LC, stereo, 48 kHz. */
export const MIX_AAC = { sampleRate: 48_000, bitrateKbps: 160 } as const;
/**
 * Each ffmpeg run of the mix is killed after this long (and the render fails): a pass over the
 * longest mix, 5 minutes, takes 1-3 s here, and a stuck one must not hold a render for ever.
 */
const PASS_TIMEOUT_MS = 120_000;
/** Samples in one AAC frame (see `mixSamples`). */
const AAC_FRAME = 1024;

/**
 * The music ducks under the voice: a compressor on the music keyed by the voice
 * (`sidechaincompress`). The key is the voice set to `keyLoudness` (whatever its recording level,
 * from its measured loudness), so speech is some 20 dB over the threshold and the music drops by
 * about (20 dB) x (1 - 1/ratio) = 13 dB while it speaks; a pause is under the threshold and the
 * music comes back within the release.
 */
export const DUCKING = {
  /** LUFS the key (the voice) is set to before the compressor hears it. */
  keyLoudness: -20,
  /** Where ducking starts, as an amplitude of the key (-40 dBFS: 20 dB under speech). */
  threshold: 0.01,
  ratio: 3,
  /** Milliseconds to duck when a word starts, */
  attackMs: 20,
  /** and to come back once the voice pauses (long enough not to pump between words). */
  releaseMs: 400,
} as const;

/** A track of the mix: its file as read, and how it is trimmed and set. */
export interface MixTrack<Clip> {
  file: Pick<ReadAudio, 'durationSeconds' | 'inputArgs' | 'loudness'>;
  clip: Clip;
}

export interface MixTracks {
  voice?: MixTrack<VoiceClip> | undefined;
  music?: MixTrack<MusicClip> | undefined;
}

/**
 * What the loudness stage at the end of the graph does: measure the mix (the first pass, with
 * ebur128), apply loudnorm's linear gain with those measures, apply a gain then a true-peak
 * limiter, or nothing (a silent mix).
 */
export type LoudnessStage =
  | { kind: 'measure' }
  | { kind: 'linear'; measured: Loudness }
  | { kind: 'limit'; gainDb: number }
  | { kind: 'none' };

export interface MixGraphParams extends MixTracks {
  /** The mix's length in samples at 48 kHz. */
  samples: number;
  /**
   * The voice's loudness as it is mixed (LUFS, after its gain): the key of the music's ducking is
   * set from it. Absent: the music is not ducked.
   */
  voiceLoudness?: number | undefined;
  loudness: LoudnessStage;
}

const RATE = MIX_AAC.sampleRate;
const samplesOf = (seconds: number) => Math.round(seconds * RATE);
const STEREO = 'aformat=sample_fmts=fltp:channel_layouts=stereo';
const decimal = (value: number) => String(Math.round(value * 1e4) / 1e4);

/**
 * The mix's length for a video of `seconds`: whole AAC frames (the encoder pads the last frame,
 * and the bundled ffmpeg's muxer does not mark the padding), with one frame to spare for the
 * encoder's 1024 priming samples, which that muxer counts in the track's header duration. The
 * MP4's duration is then the picture's, and the sound ends 21-43 ms before the last frame.
 */
export const mixSamples = (seconds: number): number =>
  (Math.floor(samplesOf(seconds) / AAC_FRAME) - 1) * AAC_FRAME;

/**
 * The first and last sample (exclusive) of a clip of the file, at 48 kHz: from its trim start to
 * its trim end or the file's end.
 */
function clipRange(track: MixTrack<VoiceClip | MusicClip>): { start: number; end: number } {
  const fileEnd = samplesOf(track.file.durationSeconds);
  const start = Math.min(samplesOf(track.clip.trimStart), fileEnd);
  const end = Math.min(samplesOf(track.clip.trimEnd ?? track.file.durationSeconds), fileEnd);
  return { start, end: Math.max(start, end) };
}

/**
 * A track's input as 48 kHz stereo, its clip cut out sample-exactly and timed from 0, then its
 * gain: the input's `index` among ffmpeg's inputs.
 */
function clipFilters(index: number, track: MixTrack<VoiceClip | MusicClip>): string[] {
  const { start, end } = clipRange(track);
  return [
    `[${index}:a:0]aresample=${RATE}`,
    STEREO,
    `atrim=start_sample=${start}:end_sample=${end}`,
    'asetpts=N/SR/TB',
    `volume=${decimal(track.clip.gainDb)}dB`,
  ];
}

/** Pads with silence to `samples` and cuts there: every branch is exactly the mix's length. */
const exactly = (samples: number) => `apad=whole_len=${samples},atrim=end_sample=${samples}`;

/**
 * The music: its clip looped (when `loop` and shorter than the mix) or cut, faded in from the
 * start and out to its end (the mix's, or its own when it stops sooner), the fades shortened
 * together should they overlap.
 */
function musicFilters(index: number, music: MixTrack<MusicClip>, samples: number): string[] {
  const { start, end } = clipRange(music);
  const length = end - start;
  const loops = music.clip.loop && length < samples;
  const playing = loops ? samples : Math.min(length, samples);
  const fades = music.clip.fadeInSeconds + music.clip.fadeOutSeconds;
  const scale = fades > 0 ? Math.min(1, playing / samplesOf(fades)) : 1;
  const fadeIn = Math.floor(samplesOf(music.clip.fadeInSeconds) * scale);
  const fadeOut = Math.floor(samplesOf(music.clip.fadeOutSeconds) * scale);
  return [
    ...clipFilters(index, music),
    // aloop keeps the clip to play it again; as 16-bit samples that is half the float's memory
    // (under 60 MB at the longest), and music under a voice loses nothing audible by it. It is
    // told how often: looping for ever, it keeps ffmpeg running after the mix has ended.
    ...(loops
      ? [
          'aformat=sample_fmts=s16',
          `aloop=loop=${Math.ceil(samples / length)}:size=${length}`,
          'aformat=sample_fmts=fltp',
        ]
      : []),
    `atrim=end_sample=${playing}`,
    ...(fadeIn > 0 ? [`afade=t=in:ss=0:ns=${fadeIn}`] : []),
    ...(fadeOut > 0 ? [`afade=t=out:ss=${playing - fadeOut}:ns=${fadeOut}`] : []),
    exactly(samples),
  ];
}

/** The loudness stage's filters, ending at 48 kHz (loudnorm works at 192 kHz). */
function loudnessFilters(stage: LoudnessStage): string[] {
  const target = `I=${MIX_LOUDNESS.integrated}:TP=${MIX_LOUDNESS.mixPeak}:LRA=${MIX_LOUDNESS.range}`;
  switch (stage.kind) {
    case 'measure':
      // ebur128 measures what loudnorm's own first pass does (BS.1770), five times faster: that
      // pass runs its dynamic mode while it measures.
      return ['ebur128=peak=true:framelog=verbose'];
    case 'linear': {
      const m = stage.measured;
      // loudnorm takes a measured range of 0 (a steady tone) for "not measured" and goes
      // dynamic; a tenth of a unit keeps it linear without changing its gain.
      const measured = `measured_I=${m.integrated}:measured_TP=${m.truePeak}:measured_LRA=${Math.max(0.1, m.range)}:measured_thresh=${m.threshold}`;
      return [`loudnorm=${target}:${measured}:linear=true`, `aresample=${RATE}`];
    }
    case 'limit': {
      // alimiter limits samples: at 4x the rate its samples are the true peaks. It delays what it
      // gives by its look-ahead (`attack`), which is cut from the start, its input padded by as
      // much so that its last samples come out too.
      const rate = RATE * 4;
      const lookahead = Math.round((LIMITER.attackMs / 1000) * rate);
      return [
        `volume=${decimal(stage.gainDb)}dB`,
        `aresample=${rate}`,
        `apad=pad_len=${lookahead}`,
        `alimiter=limit=${decimal(10 ** (MIX_LOUDNESS.mixPeak / 20))}:attack=${LIMITER.attackMs}:release=${LIMITER.releaseMs}:level=false`,
        `atrim=start_sample=${lookahead}`,
        'asetpts=N/SR/TB',
        `aresample=${RATE}`,
      ];
    }
    case 'none':
      return [];
  }
}

/**
 * The filter graph (`-filter_complex`) that mixes the tracks (inputs 0 and 1 in the order voice,
 * music, the ones present) into `[mix]`: exactly `samples` long, 48 kHz stereo, through the
 * loudness stage. Pure.
 *
 * - voice: its clip, its gain, from the video's start;
 * - music: its clip and gain, looped or cut, faded, ducked under the voice (keyed by the voice
 *   set to `DUCKING.keyLoudness`);
 * - the two summed (amix halves each, which the loudness stage makes up).
 */
export function mixGraph(params: MixGraphParams): string {
  const { voice, music, samples } = params;
  if (!voice && !music) throw new Error('A mix needs a voice-over or music');
  const chains: string[] = [];
  const tracks: string[] = [];
  const ducked = voice && music && params.voiceLoudness !== undefined;
  if (voice) {
    const clip = [...clipFilters(0, voice), exactly(samples)].join(',');
    if (ducked) {
      const keyGain = DUCKING.keyLoudness - (params.voiceLoudness ?? 0);
      chains.push(`${clip},asplit=2[voice][voicekey]`);
      chains.push(`[voicekey]volume=${decimal(keyGain)}dB,${STEREO}[key]`);
    } else {
      chains.push(`${clip}[voice]`);
    }
    tracks.push('[voice]');
  }
  if (music) {
    const filters = musicFilters(voice ? 1 : 0, music, samples).join(',');
    if (ducked) {
      // The compressor's inputs name their layout again: ffmpeg's format negotiation cannot
      // choose one for it through aloop and asplit.
      chains.push(`${filters},${STEREO}[bed]`);
      chains.push(
        `[bed][key]sidechaincompress=threshold=${DUCKING.threshold}:ratio=${DUCKING.ratio}:attack=${DUCKING.attackMs}:release=${DUCKING.releaseMs}[music]`,
      );
    } else {
      chains.push(`${filters}[music]`);
    }
    tracks.push('[music]');
  }
  const summed =
    tracks.length > 1
      ? `${tracks.join('')}amix=inputs=${tracks.length}:duration=longest:dropout_transition=0`
      : `${tracks[0]}anull`;
  const end = [
    ...loudnessFilters(params.loudness),
    `aformat=sample_fmts=fltp:sample_rates=${RATE}:channel_layouts=stereo`,
    exactly(samples),
  ];
  chains.push(`${summed},${end.join(',')}[mix]`);
  return chains.join(';');
}

export interface MixSoundParams extends MixTracks {
  ffmpegPath: string;
  /** The video's length: the mix is as long, in whole AAC frames (`mixSamples`). */
  seconds: number;
  /** The AAC file (M4A) to write. */
  output: string;
  signal?: AbortSignal | undefined;
}

/** How a mix was normalised: its loudness as measured and as encoded (LUFS), how, in how many passes. */
export interface MixReport {
  measured: number;
  result: number;
  normalised: 'linear' | 'limited' | 'silent';
  passes: number;
}

/**
 * Mixes the tracks into `output` (AAC-LC, stereo, 48 kHz) at `MIX_LOUDNESS`, in passes over the
 * files: the mix's loudness, then the mix encoded with the gain that brings it to the target:
 * - loudnorm's linear mode when that gain keeps the true peaks under `MIX_LOUDNESS.mixPeak`: one
 *   gain for the whole mix, exactly on target;
 * - else the same gain, then a true-peak limiter. (loudnorm's own answer to that case, its
 *   dynamic mode, follows the short-term loudness: on speech with long pauses it ended 0.8 LU
 *   under the target.)
 * The AAC is measured as delivered, and made again with the gain corrected when it missed the
 * target by more than `retryBeyondLu` (what the limiter took; AAC's cut above 16-17 kHz).
 * Throws EngineError FFMPEG_FAILED when a pass fails, CANCELLED when `signal` stops it.
 */
export async function mixSound(params: MixSoundParams): Promise<MixReport> {
  const samples = mixSamples(params.seconds);
  let passes = 0;
  const pass = async (graph: MixGraphParams, outputs: string[]): Promise<string> => {
    passes++;
    const inputs = [graph.voice, graph.music].flatMap((track) => track?.file.inputArgs ?? []);
    return runFfmpegOrFail(
      params.ffmpegPath,
      ['-loglevel', 'info', '-nostats', ...inputs, '-filter_complex', mixGraph(graph), ...outputs],
      { signal: params.signal, timeoutMs: PASS_TIMEOUT_MS },
      'The sound could not be mixed',
    );
  };
  // The voice's loudness as read (the whole file: gated, it barely moves with a trim), with its
  // gain: the ducking's key is set from it.
  const { voice, music } = params;
  const voiceLoudness =
    voice && audible(voice.file.loudness) ? voice.file.loudness + voice.clip.gainDb : undefined;
  const mix = { voice, music, samples, voiceLoudness };
  // ffmpeg's AAC encoder with its fast coder: half the default coder's time, the same
  // signal-to-noise on voice and music at this rate (16.7 against 16.6 dB).
  const aac = [
    ...['-map', '[mix]', '-c:a', 'aac', '-aac_coder', 'fast'],
    ...['-b:a', `${MIX_AAC.bitrateKbps}k`, '-f', 'mp4'],
  ];
  const encode = async (loudness: LoudnessStage): Promise<number> => {
    await pass({ ...mix, loudness }, [...aac, '-y', params.output]);
    return (await fileLoudness(params.ffmpegPath, params.output, { signal: params.signal }))
      .integrated;
  };
  const measured = loudnessSummary(
    await pass({ ...mix, loudness: { kind: 'measure' } }, ['-map', '[mix]', '-f', 'null', '-']),
  );
  const report = (normalised: MixReport['normalised'], result: number): MixReport => ({
    measured: measured.integrated,
    result,
    normalised,
    passes,
  });
  const target = MIX_LOUDNESS.integrated;
  if (!audible(measured.integrated)) return report('silent', await encode({ kind: 'none' }));
  const gainDb = target - measured.integrated;
  const linear =
    measured.truePeak + gainDb <= MIX_LOUDNESS.mixPeak && measured.range <= MIX_LOUDNESS.range;
  let result = await encode(linear ? { kind: 'linear', measured } : { kind: 'limit', gainDb });
  let normalised: MixReport['normalised'] = linear ? 'linear' : 'limited';
  let gain = gainDb;
  for (let retry = 0; retry < MIX_LOUDNESS.retries; retry++) {
    if (Math.abs(target - result) <= MIX_LOUDNESS.retryBeyondLu) break;
    gain += target - result;
    normalised = 'limited';
    result = await encode({ kind: 'limit', gainDb: gain });
  }
  return report(normalised, result);
}

/** Whether there is loudness to measure: above the -70 LUFS gate (silence reads -70). */
const audible = (lufs: number): boolean => Number.isFinite(lufs) && lufs > -70;

/**
 * The MP4 with the encoder's video and the mix's AAC, both copied as they are (`+faststart`: the
 * index first, as the encoder writes it). Throws EngineError FFMPEG_FAILED, or CANCELLED.
 */
export async function muxSound(
  ffmpegPath: string,
  { video, audio, output }: { video: string; audio: string; output: string },
  signal?: AbortSignal,
): Promise<void> {
  await runFfmpegOrFail(
    ffmpegPath,
    [
      '-loglevel',
      'error',
      '-i',
      video,
      '-i',
      audio,
      '-map',
      '0:v:0',
      '-map',
      '1:a:0',
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      '-y',
      output,
    ],
    { signal, timeoutMs: PASS_TIMEOUT_MS },
    'The sound could not be added to the video',
  );
}
