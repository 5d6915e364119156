import { textSchema } from '@/lib/contract';

/**
 * What is wrong with a block's text, in the contract's own words (the server refuses it with the
 * same): empty, too long, too many lines, the characters the hand cannot write. None when it is
 * fine.
 */
export function textIssues(text: string): string[] {
  const checked = textSchema.safeParse(text);
  return checked.success ? [] : checked.error.issues.map((issue) => issue.message);
}
