import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { SurveyDesigner } from './SurveyDesigner';
import { allTypesSurvey, emptySurvey, invalidSurvey, longTextSurvey } from './survey-fixtures';

const meta = {
  title: 'Encuestas/Diseñador de cuestionario',
  component: SurveyDesigner,
  args: {
    status: 'ready',
    survey: allTypesSurvey,
    onAddSegment: fn(),
    onAddQuestion: fn(),
    onEditSegment: fn(),
    onDeleteSegment: fn(),
    onMoveSegment: fn(),
    onEditQuestion: fn(),
    onDeleteQuestion: fn(),
    onMoveQuestion: fn(),
    onAddOption: fn(),
    onEditOption: fn(),
    onDeleteOption: fn(),
    onMoveOption: fn(),
  },
} satisfies Meta<typeof SurveyDesigner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Auditoría de anaquel 2026' }),
    ).toBeVisible();
    await expect(canvas.getByText('100 puntos')).toBeVisible();
    // 'Agregar Segmento' before and after each of the two top-level segments: 3 buttons.
    await expect(canvas.getAllByRole('button', { name: /^Agregar Segmento/ })).toHaveLength(3);
    await userEvent.click(
      canvas.getByRole('button', { name: 'Agregar Segmento en la posición 2' }),
    );
    await expect(args.onAddSegment).toHaveBeenCalledWith(null, 1);
    // Skip logic is shown by name on the option.
    await expect(canvas.getByText(/Pregunta «¿Cuántos frentes tiene el producto\?»/)).toBeVisible();
    // Si/No options cannot be deleted; the others can.
    const yesNo = canvas.getByRole('region', { name: '¿El producto está en el anaquel?' });
    await expect(
      within(yesNo).queryByRole('button', { name: 'Eliminar opción' }),
    ).not.toBeInTheDocument();
    await expect(within(yesNo).queryByRole('button', { name: 'Agregar opción' })).toBeNull();
  },
};

export const Loading: Story = {
  args: { status: 'loading', survey: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Cargando encuesta...' })).toBeVisible();
  },
};

export const LoadError: Story = {
  args: { status: 'error', survey: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Error al cargar la encuesta.');
  },
};

export const InvalidId: Story = {
  args: { status: 'invalid-id', survey: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Id de cuestionario inválido');
  },
};

export const Empty: Story = {
  args: { survey: emptySurvey },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button', { name: /^Agregar Segmento/ })).toHaveLength(1);
  },
};

export const Invalid: Story = {
  args: { survey: invalidSurvey },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('group', { name: 'Este cuestionario tiene errores de validación:' }),
    ).toBeVisible();
    await expect(
      canvas.getAllByRole('group', { name: 'Este segmento tiene errores de validación:' }),
    ).toHaveLength(2);
    await expect(
      canvas.getByRole('group', { name: 'Esta pregunta tiene errores de validación:' }),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Segmento sin nombre' })).toBeVisible();
    await expect(canvas.getByText('No hay preguntas ni segmentos aún.')).toBeVisible();
  },
};

export const LongSpanishText: Story = { args: { survey: longTextSurvey } };

export const Mobile: Story = {
  args: { survey: invalidSurvey },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

export const ReadOnly: Story = {
  args: {
    onAddSegment: undefined,
    onAddQuestion: undefined,
    onEditSegment: undefined,
    onDeleteSegment: undefined,
    onMoveSegment: undefined,
    onEditQuestion: undefined,
    onDeleteQuestion: undefined,
    onMoveQuestion: undefined,
    onAddOption: undefined,
    onEditOption: undefined,
    onDeleteOption: undefined,
    onMoveOption: undefined,
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: /^Agregar/ })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /^Eliminar/ })).toBeNull();
  },
};

export const Dark: Story = { args: { survey: invalidSurvey }, globals: { theme: 'dark' } };
