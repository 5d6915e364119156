import { Button, type ButtonProps } from './button';

/** A small button that stays pressed while its mode is on (filled when on, outlined when off). */
export function ToggleButton({
  pressed,
  ...props
}: Omit<ButtonProps, 'variant' | 'aria-pressed'> & { pressed: boolean }) {
  return (
    <Button variant={pressed ? 'default' : 'outline'} size="sm" aria-pressed={pressed} {...props} />
  );
}
