/** A field of the workspace: its value, its change, and its name (a visible label's `id`, or `label`). */
export interface FieldProps<T> {
  id?: string;
  /** The accessible name when no visible label points at `id`. */
  label?: string;
  value: T;
  onChange: (value: T) => void;
}
