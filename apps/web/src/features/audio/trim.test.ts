import { describe, expect, it } from 'vitest';
import { AUDIO_LIMITS } from '@/lib/contract';
import { moveTrimHandle, trimHandleTarget, type Trim, type TrimHandle } from './trim';

const FILE = 20;

/** The trim after `key` on `handle`, as the waveform's handle applies it. */
function press(trim: Trim, handle: TrimHandle, key: string, shiftKey = false): Trim | null {
  const target = trimHandleTarget(trim, handle, key, shiftKey, FILE);
  return target === null ? null : moveTrimHandle(trim, handle, target, FILE);
}

describe('the trim handles by keyboard', () => {
  it('step a tenth of a second with the arrows, a second with Shift or Page Up/Down', () => {
    const whole: Trim = { trimStart: 0 };
    expect(press(whole, 'start', 'ArrowRight')).toEqual({ trimStart: 0.1 });
    expect(press(whole, 'start', 'ArrowUp', true)).toEqual({ trimStart: 1 });
    expect(press({ trimStart: 3 }, 'start', 'PageDown')).toEqual({ trimStart: 2 });
    expect(press(whole, 'end', 'ArrowLeft')).toEqual({ trimStart: 0, trimEnd: 19.9 });
    expect(press(whole, 'end', 'PageDown')).toEqual({ trimStart: 0, trimEnd: 19 });
  });

  it('go to the ends with Home and End, an end at the file end kept as none', () => {
    const trimmed: Trim = { trimStart: 4, trimEnd: 12 };
    expect(press(trimmed, 'start', 'Home')).toEqual({ trimStart: 0, trimEnd: 12 });
    expect(press(trimmed, 'end', 'End')).toEqual({ trimStart: 4, trimEnd: undefined });
  });

  it('stay inside the file and keep the shortest track between them', () => {
    expect(press({ trimStart: 0 }, 'start', 'ArrowLeft')).toEqual({ trimStart: 0 });
    const narrow: Trim = { trimStart: 5, trimEnd: 5 + AUDIO_LIMITS.minSeconds + 0.05 };
    expect(press(narrow, 'start', 'ArrowRight', true)?.trimStart).toBeCloseTo(5.05);
    expect(press(narrow, 'end', 'End', false)?.trimEnd).toBeUndefined();
    expect(press(narrow, 'end', 'Home')?.trimEnd).toBeCloseTo(5 + AUDIO_LIMITS.minSeconds);
  });

  it('leave other keys to the page', () => {
    expect(press({ trimStart: 2 }, 'start', 'Tab')).toBeNull();
    expect(press({ trimStart: 2 }, 'end', 'a')).toBeNull();
  });
});

describe('a handle dragged', () => {
  it('lands on hundredths of a second', () => {
    expect(moveTrimHandle({ trimStart: 0 }, 'start', 3.14159, FILE)).toEqual({ trimStart: 3.14 });
    expect(moveTrimHandle({ trimStart: 0 }, 'end', 25, FILE).trimEnd).toBeUndefined();
  });
});
