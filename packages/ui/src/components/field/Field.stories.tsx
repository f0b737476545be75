import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Checkbox } from '../checkbox';
import { NumberField } from '../number-field';
import { PasswordField } from '../password-field';
import { Select } from '../select';
import { Switch } from '../switch';
import { TextArea } from '../text-area';
import { TextField } from '../text-field';
import { fieldErrorProps } from './form-props';

function FormSample() {
  return (
    <form className="grid max-w-xl gap-4" onSubmit={(event) => event.preventDefault()}>
      <TextField label="Nombre" isRequired defaultValue="Refrescos del Norte" />
      <TextField
        label="Código"
        isRequired
        defaultValue=""
        {...fieldErrorProps(
          { invalid: true, isTouched: false, error: { message: 'El código es obligatorio' } },
          { isSubmitted: true },
        )}
      />
      <TextArea label="Descripción" description="Opcional, máximo 255 caracteres." />
      <PasswordField label="Contraseña" />
      <NumberField label="Puntos" defaultValue={12.5} />
      <Select
        label="Región"
        items={[
          { id: 1, name: 'Norte' },
          { id: 2, name: 'Bajío' },
        ]}
      />
      <Checkbox>Opcional</Checkbox>
      <Switch defaultSelected>Activo</Switch>
    </form>
  );
}

const meta = {
  title: 'Formularios/Formulario completo',
  component: FormSample,
} satisfies Meta<typeof FormSample>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    // fieldErrorProps shows the error of an untouched field once the form was submitted.
    await expect(canvas.getByText('El código es obligatorio')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Código' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

export const MobileWidth: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
