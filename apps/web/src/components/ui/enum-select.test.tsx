import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnumSelect } from './enum-select';

afterEach(cleanup);

const SIZES = ['s', 'm', 'l'] as const;
const SIZE_NAMES = { s: 'Small', m: 'Medium', l: 'Large' };

describe('the select of a fixed list', () => {
  it('is named by its visible label, lists the choices by name in order and gives the one chosen', async () => {
    const onChange = vi.fn();
    render(
      <EnumSelect
        label="Size"
        options={SIZES}
        optionLabel={(size) => SIZE_NAMES[size]}
        value="m"
        onChange={onChange}
        hint="Medium fits most"
      />,
    );
    const select = screen.getByLabelText<HTMLSelectElement>('Size');
    expect(screen.getByText('Size').tagName).toBe('LABEL');
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['s', 'Small'],
      ['m', 'Medium'],
      ['l', 'Large'],
    ]);
    expect(select.value).toBe('m');
    expect(screen.getByText('Medium fits most')).toBeTruthy();

    await userEvent.selectOptions(select, 'l');
    expect(onChange).toHaveBeenCalledWith('l');
  });

  it('with its label hidden, is named for screen readers only, and shows what is beside it', () => {
    render(
      <EnumSelect
        label="Size"
        labelHidden
        options={SIZES}
        optionLabel={(size) => SIZE_NAMES[size]}
        value="s"
        onChange={() => {}}
        beside={<span>preview</span>}
      />,
    );
    expect(screen.getByLabelText<HTMLSelectElement>('Size').value).toBe('s');
    expect(screen.queryByText('Size')).toBeNull();
    expect(screen.getByText('preview')).toBeTruthy();
  });
});
