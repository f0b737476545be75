import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { StoredAnswer, StoredSurvey } from '../store/db';
import { SurveyRunner } from './survey-runner';
import { storeSurveyFixture } from './testing';

const target = { key: '5:', survey: storeSurveyFixture(), product: null };

/** The runner with its answers held as the visit's store would hold them. */
function Harness({
  answers = [],
  addPhoto = async () => 'photo-1',
  onDone = () => {},
}: {
  answers?: StoredAnswer[];
  addPhoto?: (file: Blob) => Promise<string>;
  onDone?: () => void;
}) {
  const [stored, setStored] = useState<StoredSurvey>({
    surveyId: 5,
    productId: null,
    startDate: '2026-11-26T17:05:00.000Z',
    endDate: null,
    answers,
  });
  return (
    <SurveyRunner
      target={target}
      stored={stored}
      updateAnswers={(change) => setStored((s) => ({ ...s, answers: change(s.answers) }))}
      addPhoto={addPhoto}
      photoUrl={() => undefined}
      onDone={onDone}
      backHref="/campo/visita/x"
    />
  );
}

describe('the survey runner', { timeout: 20_000 }, () => {
  it('shows the survey by segments, and the skip logic hides one as soon as it applies', async () => {
    render(<Harness />);
    expect(screen.getByRole('heading', { level: 1, name: 'Auditoría de tienda' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Sin exhibidor' })).toBeVisible();
    expect(screen.getByRole('heading', { name: /^Nombre del encargado/ })).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: /^Sí/ }));
    expect(screen.queryByRole('region', { name: 'Sin exhibidor' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: /^No/ }));
    expect(screen.getByRole('region', { name: 'Sin exhibidor' })).toBeVisible();
  });

  it("holds 'Listo' back with the engine's messages until every shown question is acceptable", async () => {
    const onDone = vi.fn();
    render(<Harness onDone={onDone} />);
    await userEvent.click(screen.getByRole('radio', { name: /^Sí/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Listo' }));
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('3 preguntas necesitan atención.');
    const name = screen.getByRole('region', { name: /^Nombre del encargado/ });
    expect(name).toHaveAccessibleDescription('La pregunta "Nombre del encargado" es obligatoria.');

    await userEvent.type(within(name).getByRole('textbox'), 'Rosa');
    await userEvent.click(screen.getByRole('radio', { name: /^3 estrellas/ }));
    const rating = screen.getByRole('region', { name: /^Calificación del anaquel/ });
    expect(rating).toHaveAccessibleDescription('La pregunta requiere al menos una foto.');
    const photo = new File(['jpeg'], 'anaquel.jpg', { type: 'image/jpeg' });
    await userEvent.upload(within(rating).getByLabelText('Tomar foto'), photo);
    expect(await within(rating).findByRole('button', { name: 'Quitar foto 1' })).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: 'No aplica' }));
    expect(screen.getByText('Puntaje:').parentElement).toHaveTextContent('6 de 6 puntos');
    await userEvent.click(screen.getByRole('button', { name: 'Listo' }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('resumes with the answers the device kept', () => {
    render(
      <Harness
        answers={[
          { questionId: 41, options: [{ optionId: 412 }] },
          { questionId: 42, textValue: 'Rosa' },
        ]}
      />,
    );
    expect(screen.getByRole('radio', { name: /^No/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Nombre del encargado' })).toHaveValue('Rosa');
  });
});
