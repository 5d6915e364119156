import { musicClipSchema, voiceClipSchema } from '@rasma/contract/audio';
import { describe, expect, it } from 'vitest';
import { loudnessSummary } from './loudness.js';
import { DUCKING, mixGraph, mixSamples } from './mix.js';
import type { MixGraphParams } from './mix.js';

const file = (durationSeconds: number) => ({ durationSeconds, inputArgs: [], loudness: -20 });
const voice = (seconds: number, clip = {}) => ({
  file: file(seconds),
  clip: voiceClipSchema.parse(clip),
});
const music = (seconds: number, clip = {}) => ({
  file: file(seconds),
  clip: musicClipSchema.parse(clip),
});
const measure = { kind: 'measure' } as const;
/** The filters of the graph, one per entry (each chain split at its commas). */
const filters = (params: MixGraphParams) => mixGraph(params).split(/[,;]/);

describe('mixSamples', () => {
  it('whole AAC frames, one to spare for the priming the muxer counts: never past the picture', () => {
    // 10 s at 48 kHz is 480,000 samples: 468 whole frames fit, 467 are mixed.
    expect(mixSamples(10)).toBe(467 * 1024);
    for (const seconds of [3, 4.7, 20.5, 300.5]) {
      expect(mixSamples(seconds) % 1024).toBe(0);
      expect(mixSamples(seconds) + 1024).toBeLessThanOrEqual(seconds * 48_000);
      expect(mixSamples(seconds) + 2 * 1024).toBeGreaterThan(seconds * 48_000);
    }
  });
});

describe('mixGraph', () => {
  const samples = 480_000;

  it('cuts a clip sample-exactly from its trim, sets its gain, and makes every branch the mix length', () => {
    const graph = mixGraph({
      voice: voice(20, { trimStart: 1.5, trimEnd: 9, gainDb: -3 }),
      samples,
      loudness: measure,
    });
    expect(graph).toContain(
      'atrim=start_sample=72000:end_sample=432000,asetpts=N/SR/TB,volume=-3dB',
    );
    // The voice's branch, and the mix after its loudness stage.
    expect(graph.match(/apad=whole_len=480000,atrim=end_sample=480000\[/g)).toHaveLength(2);
    expect(graph).not.toMatch(/sidechaincompress|amix|aloop/);
  });

  it('loops music shorter than the video (enough times, then cut), and leaves longer music or loop off alone', () => {
    const looped = filters({ music: music(3), samples, loudness: measure });
    expect(looped).toContain('aloop=loop=4:size=144000');
    expect(filters({ music: music(12), samples, loudness: measure }).join()).not.toContain('aloop');
    expect(
      filters({ music: music(3, { loop: false }), samples, loudness: measure }).join(),
    ).not.toContain('aloop');
  });

  it('fades looped music out to the mix end, and music that stops sooner out to its own end, shortening fades that overlap', () => {
    const looped = filters({ music: music(3), samples, loudness: measure });
    expect(looped).toContain('afade=t=in:ss=0:ns=96000');
    expect(looped).toContain(`afade=t=out:ss=${samples - 96000}:ns=96000`);
    // 3 s once, with 2 s fades: each shortened to 1.5 s, the fade out ending at 3 s.
    const once = filters({ music: music(3, { loop: false }), samples, loudness: measure });
    expect(once).toContain('afade=t=in:ss=0:ns=72000');
    expect(once).toContain('afade=t=out:ss=72000:ns=72000');
    const none = filters({
      music: music(3, { fadeInSeconds: 0, fadeOutSeconds: 0 }),
      samples,
      loudness: measure,
    });
    expect(none.join()).not.toContain('afade');
  });

  it("ducks the music under the voice, its key set from the voice's loudness, only when that is known", () => {
    const tracks = { voice: voice(5), music: music(20), samples, loudness: measure };
    const ducked = mixGraph({ ...tracks, voiceLoudness: -31 });
    expect(ducked).toContain(`[voicekey]volume=${DUCKING.keyLoudness + 31}dB`);
    expect(ducked).toMatch(/\[bed\]\[key\]sidechaincompress=threshold=0\.01:ratio=3:/);
    expect(ducked).toContain('[voice][music]amix=inputs=2');
    expect(mixGraph(tracks)).not.toContain('sidechaincompress');
  });

  it('normalises with loudnorm linear and the measures, or a true-peak limiter whose delay is cut off', () => {
    const measured = { integrated: -30, truePeak: -20, range: 0, threshold: -40 };
    const linear = mixGraph({ voice: voice(5), samples, loudness: { kind: 'linear', measured } });
    expect(linear).toContain(
      'loudnorm=I=-16:TP=-2:LRA=20:measured_I=-30:measured_TP=-20:measured_LRA=0.1:measured_thresh=-40:linear=true',
    );
    const limited = filters({ voice: voice(5), samples, loudness: { kind: 'limit', gainDb: 9 } });
    const at = limited.indexOf('volume=9dB');
    expect(limited.slice(at, at + 7)).toEqual([
      'volume=9dB',
      'aresample=192000',
      'apad=pad_len=960',
      'alimiter=limit=0.7943:attack=5:release=50:level=false',
      'atrim=start_sample=960',
      'asetpts=N/SR/TB',
      'aresample=48000',
    ]);
  });
});

describe('loudnessSummary', () => {
  const summary = (peak: string) => `[Parsed_ebur128_0 @ 0x1] t: 2.9 M: -17.0 S: -17.1 I: -18.0 LUFS
[Parsed_ebur128_0 @ 0x1] Summary:

  Integrated loudness:
    I:         -17.7 LUFS
    Threshold: -27.7 LUFS

  Loudness range:
    LRA:         1.3 LU
    Threshold: -37.7 LUFS
    LRA low:   -18.1 LUFS
    LRA high:  -16.9 LUFS

  True peak:
    Peak:      ${peak} dBFS
`;

  it("reads ebur128's summary, not its running lines: loudness, the integration's gate, range and true peak", () => {
    expect(loudnessSummary(summary('-11.0'))).toEqual({
      integrated: -17.7,
      threshold: -27.7,
      range: 1.3,
      truePeak: -11,
    });
    expect(loudnessSummary(summary('-inf')).truePeak).toBe(-Infinity);
    expect(() => loudnessSummary('no summary here')).toThrow(/could not be measured/);
  });
});
