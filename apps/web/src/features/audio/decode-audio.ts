import { peaksOf } from './peaks';

/** Enough for a waveform and a length: decoding at 8 kHz keeps a 5-minute file small. */
const DECODE_SAMPLE_RATE = 8000;

/** A decoded file: its length and its waveform's peaks. */
export interface DecodedAudio {
  seconds: number;
  peaks: Float32Array;
}

/** Decodes an audio file in the browser; rejects when the browser cannot read it. */
export async function decodeAudio(file: Blob): Promise<DecodedAudio> {
  const context = new OfflineAudioContext(1, 1, DECODE_SAMPLE_RATE);
  const buffer = await context.decodeAudioData(await file.arrayBuffer());
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, c) =>
    buffer.getChannelData(c),
  );
  return { seconds: buffer.duration, peaks: peaksOf(channels, buffer.sampleRate) };
}
