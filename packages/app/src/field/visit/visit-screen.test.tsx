import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from 'react-aria-components';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { visitHref, type VisitView } from '../field-paths';
import { openFieldDb } from '../store/db';
import { syncDataFixture, visitFixture } from '../testing';
import { storeSurveyFixture } from './testing';
import { VisitScreen } from './visit-screen';

const uuid = visitFixture().uuid;

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  const data = syncDataFixture();
  data.surveys = [storeSurveyFixture()];
  data.campaigns[0] = { ...data.campaigns[0]!, surveyIds: [5] };
  const db = await openFieldDb(7);
  await db.put('work', { data, takenAt: '2026-11-26T17:00:00.000Z' }, 'today');
  await db.put('visits', visitFixture({ state: 'draft', endDate: null }));
  db.close();
});

function renderVisit(view: VisitView, onFinished = vi.fn(() => Promise.resolve())) {
  return render(
    <I18nProvider locale="es-MX">
      <VisitScreen
        userId={7}
        uuid={uuid}
        view={view}
        position={{ status: 'unavailable', reason: 'denied' }}
        listHref="/campo"
        navigate={() => {}}
        onFinished={onFinished}
      />
    </I18nProvider>,
  );
}

async function storedVisit() {
  const db = await openFieldDb(7);
  const visit = await db.get('visits', uuid);
  db.close();
  return visit!;
}

describe('VisitScreen', { timeout: 20_000 }, () => {
  it("lists the campaign's surveys from the device's download", async () => {
    renderVisit({ kind: 'overview' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abarrotes Bellas Artes' }),
    ).toBeVisible();
    const row = screen.getByRole('listitem');
    expect(row).toHaveTextContent('Auditoría de tienda');
    expect(within(row).getByText('Sin empezar')).toBeVisible();
    expect(
      within(row).getByRole('link', { name: 'Responder Auditoría de tienda' }),
    ).toHaveAttribute('href', visitHref(uuid, { kind: 'survey', key: '5:' }));
    expect(screen.getByRole('link', { name: 'Registrar salida' })).toBeVisible();
  });

  it('writes every answer to the device as it is given, and finds it after a reload', async () => {
    const user = userEvent.setup();
    const first = renderVisit({ kind: 'survey', key: '5:' });
    await user.click(await screen.findByRole('radio', { name: /^No/ }));
    await vi.waitFor(async () =>
      expect((await storedVisit()).surveys[0]?.answers).toEqual([
        { questionId: 41, options: [{ optionId: 412 }] },
      ]),
    );
    first.unmount();
    renderVisit({ kind: 'survey', key: '5:' });
    expect(await screen.findByRole('radio', { name: /^No/ })).toBeChecked();
  });

  it('checks out: the summary, then the visit pending', async () => {
    const user = userEvent.setup();
    const onFinished = vi.fn(() => Promise.resolve());
    renderVisit({ kind: 'check-out' }, onFinished);
    expect(await screen.findByText('Cuestionarios completos')).toBeVisible();
    expect(screen.getByText('Un cuestionario quedó sin responder.')).toBeVisible();
    expect(
      screen.getByText('Sin ubicación: la salida se registrará sin coordenadas.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Terminar visita' }));
    expect(onFinished).toHaveBeenCalledWith(
      expect.objectContaining({ uuid, state: 'pending', checkOutLatitude: null }),
    );
  });
});
