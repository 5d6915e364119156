import { PLAIN_ENDPOINTS } from '@/lib/plain-endpoints';

/**
 * Reports a page view (`body`: its JSON) as a beacon, which is sent even as the page unloads (its
 * string body travels as text/plain, which the server reads as JSON); where the browser has no
 * beacon, as a keepalive request. Nobody waits for the answer.
 */
export function sendPageView(body: string): void {
  const { method, path } = PLAIN_ENDPOINTS.pageView;
  if (!navigator.sendBeacon?.(path, body)) {
    void fetch(path, { method, body, keepalive: true }).catch(() => {});
  }
}
