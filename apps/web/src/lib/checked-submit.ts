import type { FormEvent } from 'react';
import type { z } from 'zod';

/**
 * A form's submit handler: what the form holds is checked with the contract's schema before
 * anything is sent (the first rule it breaks is shown, in the contract's words), then handed to
 * `send` as the schema parsed it.
 */
export function checkedSubmit<S extends z.ZodType>(
  schema: S,
  input: () => z.input<S>,
  setError: (message: string | null) => void,
  send: (body: z.output<S>) => void,
): (event: FormEvent) => void {
  return (event) => {
    event.preventDefault();
    const parsed = schema.safeParse(input());
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    setError(null);
    send(parsed.data);
  };
}
