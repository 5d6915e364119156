/** Being built (issue 38). */
export function ApiTokensSection() {
  return null;
}
