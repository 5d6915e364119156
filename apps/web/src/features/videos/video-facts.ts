import type { Video } from '@rasma/contract';
import { formatDate } from '@/lib/format';
import { MODEL_LABELS } from './model-labels';

/** A length in seconds as `m:ss`. */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * The short facts under a video's title: its date, model, its scenes when it tells a story and,
 * once done, its (whole) length.
 */
export function videoFacts(video: Video): string[] {
  const facts = [formatDate(video.createdAt), MODEL_LABELS[video.aiModel]];
  if (video.sceneCount > 1) facts.push(`${video.sceneCount} scenes`);
  if (video.durationSeconds !== null) facts.push(formatDuration(video.durationSeconds));
  return facts;
}
