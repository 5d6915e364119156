import type { InputHTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

/** A range input in the app's colours. */
export function Slider({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      type="range"
      className={cn('h-2 w-full cursor-pointer accent-ink-soft disabled:opacity-50', className)}
      {...props}
    />
  );
}
