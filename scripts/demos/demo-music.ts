/**
 * The landing's music demo's soundtrack, synthesised here (no recording from anywhere): a soft
 * plucked arpeggio over I-V-vi-IV in C with a low pad, an echo for space, written as a 16-bit
 * stereo WAV. The engine's mix then loops, fades and normalises it like any uploaded music.
 */
import { writeFile } from 'node:fs/promises';

const RATE = 48_000;
const BEAT = 0.25; // eighth notes at 120 bpm
const BAR = 8 * BEAT;
/** MIDI notes of each bar's chord, low to high: C, G, Am, F. */
const CHORDS = [
  [60, 64, 67, 72],
  [59, 62, 67, 71],
  [57, 60, 64, 69],
  [57, 60, 65, 69],
];
/** The order the chord's notes are plucked in each bar (up, then down). */
const ARPEGGIO = [0, 1, 2, 3, 2, 1, 2, 1];
const ECHO = { seconds: 3 * BEAT, feedback: 0.3 };

const hertz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** A plucked note: a few harmonics, a 5 ms attack and an exponential decay. */
function pluck(out: Float32Array, start: number, midi: number, gain: number): void {
  const f = hertz(midi);
  const from = Math.round(start * RATE);
  const length = Math.round(1.2 * RATE);
  for (let i = 0; i < length && from + i < out.length; i++) {
    const t = i / RATE;
    const envelope = Math.min(1, t / 0.005) * Math.exp(-3.2 * t);
    const phase = 2 * Math.PI * f * t;
    const tone = Math.sin(phase) + 0.35 * Math.sin(2 * phase) + 0.12 * Math.sin(3 * phase);
    out[from + i]! += gain * envelope * tone;
  }
}

/** A held low note with slow attack and release, a bar long. */
function pad(out: Float32Array, start: number, midi: number, gain: number): void {
  const f = hertz(midi);
  const from = Math.round(start * RATE);
  const length = Math.round(BAR * RATE);
  for (let i = 0; i < length && from + i < out.length; i++) {
    const t = i / RATE;
    const envelope = Math.min(1, t / 0.3) * Math.min(1, (BAR - t) / 0.3);
    out[from + i]! += gain * envelope * Math.sin(2 * Math.PI * f * t);
  }
}

/** The two channels: the arpeggio's notes alternate a little left and right, the pad centred. */
export function synthesiseMusic(seconds: number): [Float32Array, Float32Array] {
  const left = new Float32Array(Math.round(seconds * RATE));
  const right = new Float32Array(left.length);
  for (let bar = 0; bar * BAR < seconds; bar++) {
    const chord = CHORDS[bar % CHORDS.length]!;
    const start = bar * BAR;
    pad(left, start, chord[0]! - 12, 0.12);
    pad(right, start, chord[0]! - 12, 0.12);
    ARPEGGIO.forEach((note, i) => {
      const midi = chord[note]!;
      pluck(left, start + i * BEAT, midi, i % 2 ? 0.1 : 0.16);
      pluck(right, start + i * BEAT, midi, i % 2 ? 0.16 : 0.1);
    });
  }
  for (const channel of [left, right]) echo(channel);
  return [left, right];
}

function echo(channel: Float32Array): void {
  const delay = Math.round(ECHO.seconds * RATE);
  for (let i = delay; i < channel.length; i++) channel[i]! += ECHO.feedback * channel[i - delay]!;
}

/** A 16-bit PCM WAV of two channels. */
function wav([left, right]: [Float32Array, Float32Array]): Buffer {
  const data = Buffer.alloc(left.length * 4);
  for (let i = 0; i < left.length; i++) {
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, left[i]!)) * 32767), i * 4);
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, right[i]!)) * 32767), i * 4 + 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Writes `seconds` of the music (whole bars sound best looped) to `file` as WAV. */
export async function writeDemoMusic(file: string, seconds: number): Promise<void> {
  await writeFile(file, wav(synthesiseMusic(seconds)));
}
