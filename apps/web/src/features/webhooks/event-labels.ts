import type { WebhookEvent } from '@/lib/contract';

/** What each event tells, in the form's and the list's words. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'video.completed': 'A video is ready',
  'video.failed': 'A video failed (its credits are refunded)',
};
