import type { InputHTMLAttributes, ReactNode } from 'react';
import { DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';

export function StepHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5 text-center">
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{children}</DialogDescription>
    </div>
  );
}

const ERROR_ID = 'auth-error';

/** A step's labelled field and, below it, the step's error (announced and tied to the field). */
export function StepField({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? ERROR_ID : undefined}
        {...input}
      />
      {error && (
        <p id={ERROR_ID} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </>
  );
}
