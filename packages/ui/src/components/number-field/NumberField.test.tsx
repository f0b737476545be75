import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumberField } from './NumberField';

function Controlled({ onChange }: { onChange: (value: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <NumberField
      label="Límite de opciones"
      value={value}
      maxFractionDigits={1}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('NumberField', { timeout: 20_000 }, () => {
  it('reports the number as it is typed, before focus leaves the field', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Límite de opciones' });
    await userEvent.type(input, '12');
    expect(input).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith(12);
    // '12.' is not reported as 12: the field would rewrite it and eat the point.
    await userEvent.type(input, '.');
    expect(input).toHaveValue('12.');
    await userEvent.type(input, '5');
    expect(onChange).toHaveBeenLastCalledWith(12.5);
    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
