import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useZodForm } from '../../lib/forms';
import { FormSelect } from './form-fields';

const schema = z.object({ surveyId: z.number().nullable() });

function Harness() {
  const form = useZodForm(schema, { defaultValues: { surveyId: null } });
  const { isTouched } = form.getFieldState('surveyId', form.formState);
  return (
    <form>
      <FormSelect
        control={form.control}
        name="surveyId"
        label="Cuestionario"
        items={[{ id: 1, name: 'Anaquel de verano' }]}
      />
      <output aria-label="tocado">{isTouched ? 'sí' : 'no'}</output>
    </form>
  );
}

describe('FormSelect', () => {
  it('counts as touched once an option is chosen, before focus leaves it', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    expect(screen.getByRole('status', { name: 'tocado' })).toHaveTextContent('no');
    await user.click(screen.getByRole('button', { name: /Cuestionario$/ }));
    await user.click(await screen.findByRole('option', { name: 'Anaquel de verano' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Cuestionario$/ })).toHaveAccessibleName(
        'Anaquel de verano Cuestionario',
      ),
    );
    expect(screen.getByRole('status', { name: 'tocado' })).toHaveTextContent('sí');
  });
});
