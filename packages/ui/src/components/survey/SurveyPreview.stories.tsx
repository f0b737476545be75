import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SurveyPreview } from './SurveyPreview';
import { allTypesSurvey, longTextSurvey } from './survey-fixtures';

const meta = {
  title: 'Encuestas/Vista previa',
  component: SurveyPreview,
  args: { survey: allTypesSurvey },
} satisfies Meta<typeof SurveyPreview>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('0 de 100 puntos')).toBeVisible();
    // 'No' hides the count of fronts and the whole segment 'Atención' (60 - 5 of the maximum).
    const yesNo = canvas.getByRole('radiogroup', { name: '¿El producto está en el anaquel?' });
    await userEvent.click(canvas.getByRole('radio', { name: /^No/ }));
    await expect(yesNo).toBeVisible();
    await expect(canvas.getByText('0 de 55 puntos')).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Atención' })).toBeNull();
    await userEvent.click(canvas.getByRole('radio', { name: /^Sí/ }));
    await expect(canvas.getByText('10 de 100 puntos')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Atención' })).toBeVisible();
  },
};

export const Checked: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Revisar respuestas' }));
    // The sync's message for a required question left empty (the one survey engine).
    await expect(canvas.getAllByText(/^La pregunta ".+" es obligatoria\.$/).length).toBeGreaterThan(
      5,
    );
  },
};

export const Answered: Story = {
  args: {
    defaultAnswers: {
      '101': { selected: [1001] },
      '106': { selected: [1063], otherText: 'Junto a cajas' },
      '108': { selected: [1081, 1082, 1083] },
      '111': { selected: [1113, 1111] },
      '112': { levels: { '1121': 5, '1122': 2 } },
      '113': { selected: [1134] },
    },
  },
};

export const LongSpanishText: Story = { args: { survey: longTextSurvey } };

export const Mobile: Story = { globals: { viewport: { value: 'mobile1', isRotated: false } } };
