import { XLSX_TYPE, configureApiClient, setAccessToken } from '@anaquel/api';
import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SCREEN_TEST_OPTIONS,
  renderScreen,
  signInWith,
} from '../../components/resource/testing/render-screen';
import ProductSurveyExportPage from './product-survey-export-page';

// The export screen's download (spec 1 §4, §8; issue 12): the file arrives as a stream the test
// feeds chunk by chunk, so the progress, the cancel and the saved name are seen as a person
// would. The api is answered here directly (the export is a binary stream, not an envelope).

// Typing a whole form takes a while on two shared cores: generous waits, no timing assertion.
configure({ asyncUtilTimeout: 15_000 });
const OPTIONS = { ...SCREEN_TEST_OPTIONS, timeout: Math.max(SCREEN_TEST_OPTIONS.timeout, 120_000) };

const SERVER_NAME = 'Reporte_Campaña_Ñandú_Café_&_Té_2026-11-02_2026-11-09.xlsx';
const DISPOSITION = `attachment; filename="Reporte_Campana_Nandu_Cafe_Te_2026-11-02_2026-11-09.xlsx"; filename*=UTF-8''${encodeURIComponent(SERVER_NAME)}`;

const envelope = (data: unknown) => Response.json({ success: true, data });

interface ExportCall {
  url: URL;
  signal: AbortSignal;
  /** Sends bytes of the file. */
  push(bytes: number): void;
  /** Ends the file. */
  end(): void;
}

function stubServer(exportAnswer?: (request: Request) => Response) {
  const calls: ExportCall[] = [];
  let onCall: ((call: ExportCall) => void) | undefined;
  const nextCall = () =>
    new Promise<ExportCall>((resolve) => {
      onCall = resolve;
    });
  setAccessToken(null);
  configureApiClient({
    baseUrl: 'http://api.test/api/v1',
    fetch: (request) => {
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/api\/v1/, '');
      if (path === '/campaigns/options') {
        return Promise.resolve(envelope([{ id: 3, name: 'Campaña Ñandú', isActive: true }]));
      }
      if (path === '/surveys') {
        return Promise.resolve(envelope([{ id: 7, name: 'Café & Té', type: 2 }]));
      }
      if (path === '/reports/product-survey-export') {
        if (exportAnswer) return Promise.resolve(exportAnswer(request));
        let controller!: ReadableStreamDefaultController<Uint8Array>;
        const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
        const call: ExportCall = {
          url,
          signal: request.signal,
          push: (bytes) => controller.enqueue(new Uint8Array(bytes)),
          end: () => controller.close(),
        };
        request.signal.addEventListener('abort', () =>
          controller.error(new DOMException('The operation was aborted.', 'AbortError')),
        );
        calls.push(call);
        onCall?.(call);
        return Promise.resolve(
          new Response(body, {
            status: 200,
            headers: { 'Content-Type': XLSX_TYPE, 'Content-Disposition': DISPOSITION },
          }),
        );
      }
      return Promise.resolve(
        Response.json(
          { success: false, statusCode: 404, errorCode: 'NOT_FOUND', errorMessage: 'No existe.' },
          { status: 404 },
        ),
      );
    },
  });
  return { calls, nextCall };
}

/** A whole file at once, with the server's word on whether it holds rows. */
function wholeFile(rows: 'some' | 'none'): Response {
  return new Response(new Uint8Array(512), {
    status: 200,
    headers: {
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': DISPOSITION,
      'X-Report-Rows': rows,
    },
  });
}

/** The anchor clicks of saveBlob: the names the browser was told to save under. */
function watchSaves() {
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return saved;
}

async function fillForm(user: ReturnType<typeof renderScreen>['user']) {
  await user.type(await screen.findByRole('combobox', { name: 'Campaña' }), 'Cam');
  await user.click(await screen.findByRole('option', { name: 'Campaña Ñandú' }));
  const survey = screen.getByRole('button', { name: /Cuestionario$/ });
  await waitFor(() => expect(survey).toBeEnabled());
  await user.click(survey);
  await user.click(await screen.findByRole('option', { name: 'Café & Té' }));
  for (const [label, typed] of [
    ['Fecha de inicio', '02112026'],
    ['Fecha de fin', '09112026'],
  ] as const) {
    const group = screen.getByRole('group', { name: label });
    const [day] = Array.from(group.querySelectorAll<HTMLElement>('[role="spinbutton"]'));
    await user.click(day!);
    await user.keyboard(typed);
  }
  const exportButton = screen.getByRole('button', { name: 'Exportar' });
  await waitFor(() => expect(exportButton).toBeEnabled());
  return exportButton;
}

describe('the report download', OPTIONS, () => {
  beforeEach(() => {
    signInWith(['VIEW_CHECKINS']);
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the progress, then saves the file under the server's name", async () => {
    const server = stubServer();
    const saved = watchSaves();
    const { user } = renderScreen(<ProductSurveyExportPage />, {
      path: '/reports/product-surveys',
    });
    const exportButton = await fillForm(user);
    const call = server.nextCall();
    await user.click(exportButton);
    const request = await call;
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      surveyId: '7',
      startDate: '2026-11-02',
      endDate: '2026-11-09',
    });

    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Generando reporte en Excel...'));
    request.push(2048);
    await waitFor(() => expect(status).toHaveTextContent('(2.0 KB recibidos)'));
    request.push(1024);
    await waitFor(() => expect(status).toHaveTextContent('(3.0 KB recibidos)'));
    expect(saved).toEqual([]);

    request.end();
    await waitFor(() => expect(status).toHaveTextContent(`Reporte descargado: ${SERVER_NAME}`));
    expect(saved).toEqual([SERVER_NAME]);
    expect(status).not.toHaveTextContent('Generando reporte en Excel...');
    expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
  });

  it('says on the page when the range has no visits (the file of headers still downloads)', async () => {
    stubServer(() => wholeFile('none'));
    const saved = watchSaves();
    const { user } = renderScreen(<ProductSurveyExportPage />, {
      path: '/reports/product-surveys',
    });
    await user.click(await fillForm(user));
    const status = screen.getByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent(
        'El rango seleccionado no tiene visitas: el archivo descargado solo trae los encabezados.',
      ),
    );
    expect(saved).toEqual([SERVER_NAME]);
  });

  it('says nothing of the kind when the range has visits', async () => {
    stubServer(() => wholeFile('some'));
    const { user } = renderScreen(<ProductSurveyExportPage />, {
      path: '/reports/product-surveys',
    });
    await user.click(await fillForm(user));
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(`Reporte descargado: ${SERVER_NAME}`));
    expect(status).not.toHaveTextContent('no tiene visitas');
  });

  it('cancels: the request is aborted, nothing is saved and no error is shown', async () => {
    const server = stubServer();
    const saved = watchSaves();
    const { user } = renderScreen(<ProductSurveyExportPage />, {
      path: '/reports/product-surveys',
    });
    const exportButton = await fillForm(user);
    const call = server.nextCall();
    await user.click(exportButton);
    const request = await call;
    request.push(4096);
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('(4.0 KB recibidos)'));

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    // The client's own signal (timeout and caller combined) follows the caller's abort.
    await waitFor(() => expect(request.signal.aborted).toBe(true));
    await waitFor(() => expect(status).not.toHaveTextContent('Generando reporte en Excel...'));
    expect(saved).toEqual([]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/error/i)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Exportar' })).toBeEnabled());
  });

  it('a failure goes to the global handler with its status (spec 1 §8)', async () => {
    stubServer(() =>
      Response.json(
        {
          success: false,
          statusCode: 422,
          errorCode: 'UNPROCESSABLE_ENTITY',
          errorMessage: 'El cuestionario no es de tipo Producto.',
          validationErrors: [],
        },
        { status: 422 },
      ),
    );
    const saved = watchSaves();
    const { user } = renderScreen(<ProductSurveyExportPage />, {
      path: '/reports/product-surveys',
    });
    const exportButton = await fillForm(user);
    await user.click(exportButton);
    expect(
      await screen.findByText(
        'Los datos proporcionados son inválidos. Por favor, verifica los campos e intenta nuevamente.',
      ),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(screen.getByRole('status')).not.toHaveTextContent('Generando reporte en Excel...');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Exportar' })).toBeEnabled());
  });
});
