import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PlusIcon } from '../../icons';
import { Button } from '../button';
import { EmptyState } from './EmptyState';

const meta = { title: 'Componentes/EmptyState', component: EmptyState } satisfies Meta<
  typeof EmptyState
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No hay datos para mostrar.')).toBeVisible();
  },
};

export const WithAction: Story = {
  args: {
    title: 'No hay preguntas ni segmentos aún.',
    description: 'Agregue un segmento para empezar a diseñar el cuestionario.',
    children: (
      <Button>
        <PlusIcon className="size-4" />
        Agregar Segmento
      </Button>
    ),
  },
};

export const LongSpanishText: Story = {
  args: {
    title: 'Este segmento no contiene preguntas ni sub-segmentos respondidos.',
    description:
      'Las respuestas aparecerán aquí cuando el promotor sincronice la visita desde su dispositivo móvil, lo que puede tardar algunos minutos.',
  },
};

export const MobileWidth: Story = {
  ...LongSpanishText,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

export const Dark: Story = { globals: { theme: 'dark' }, args: WithAction.args };
