/** Being built (issue 38). */
export function WebhooksSection() {
  return null;
}
