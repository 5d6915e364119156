import { useEffect, useRef, useState } from 'react';
import { AUDIO_LIMITS } from '@/lib/contract';
import { levelOf } from './level';
import { audioContext } from './track-player';

/** The file a recording is sent as (the server keeps this name). */
const RECORDING_NAME = 'Recording';

export type RecorderStatus = 'idle' | 'asking' | 'recording';

/** Why the microphone could not record, and what to do instead. */
function microphoneRefusal(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return "The microphone was not allowed. Allow it in your browser's settings for this site, or upload a recording.";
  if (name === 'NotFoundError')
    return 'No microphone was found. Connect one, or upload a recording.';
  return 'The microphone could not be started. Please try again, or upload a recording.';
}

const CANNOT_RECORD = 'This browser cannot record here. Please upload a recording instead.';

interface Session {
  recorder: MediaRecorder;
  release: () => void;
}

/**
 * Records the voice-over in the browser: the microphone is asked for on `start` (a click), a level
 * meter and the time follow the recording, `stop` hands the recording over as a file. A recording
 * stops by itself at the longest a track may be.
 */
export function useVoiceRecorder(onRecorded: (file: File) => void) {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The microphone's level, 0..1, and the seconds recorded. */
  const [meter, setMeter] = useState({ level: 0, seconds: 0 });
  const session = useRef<Session | null>(null);
  const recorded = useRef(onRecorded);
  useEffect(() => {
    recorded.current = onRecorded;
  }, [onRecorded]);

  // Leaving the page while recording drops the recording and frees the microphone.
  useEffect(
    () => () => {
      const current = session.current;
      session.current = null;
      if (current) {
        current.recorder.onstop = null;
        if (current.recorder.state !== 'inactive') current.recorder.stop();
        current.release();
      }
    },
    [],
  );

  const stop = () => {
    const current = session.current;
    if (current && current.recorder.state !== 'inactive') current.recorder.stop();
  };

  const start = async () => {
    if (status !== 'idle') return;
    setRefusal(null);
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setRefusal(CANNOT_RECORD);
      return;
    }
    // Woken by this click: after the permission prompt the click no longer counts.
    const context = audioContext();
    setStatus('asking');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setStatus('idle');
      setRefusal(microphoneRefusal(error));
      return;
    }
    const recorder = new MediaRecorder(stream);
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const startedAt = performance.now();
    let frame = 0;
    const tick = () => {
      analyser.getFloatTimeDomainData(samples);
      const seconds = (performance.now() - startedAt) / 1000;
      setMeter({ level: levelOf(samples), seconds });
      if (seconds >= AUDIO_LIMITS.maxSeconds) stop();
      else frame = requestAnimationFrame(tick);
    };
    const release = () => {
      cancelAnimationFrame(frame);
      source.disconnect();
      for (const track of stream.getTracks()) track.stop();
    };
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    recorder.onstop = () => {
      release();
      session.current = null;
      setStatus('idle');
      setMeter({ level: 0, seconds: 0 });
      recorded.current(new File(chunks, RECORDING_NAME, { type: recorder.mimeType }));
    };
    session.current = { recorder, release };
    recorder.start();
    setStatus('recording');
    frame = requestAnimationFrame(tick);
  };

  return { status, refusal, ...meter, start: () => void start(), stop };
}
