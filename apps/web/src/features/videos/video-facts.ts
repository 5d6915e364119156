import type { Video } from '@rasma/contract';
import { formatDate } from '@/lib/format';
import { MODEL_LABELS } from './model-labels';

/** A length in seconds as `m:ss`. */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The short facts under a video's title: its date, model and, once done, its length. */
export function videoFacts(video: Video): string[] {
  const facts = [formatDate(video.createdAt), MODEL_LABELS[video.aiModel]];
  if (video.durationSeconds !== null) facts.push(formatDuration(video.durationSeconds));
  return facts;
}
