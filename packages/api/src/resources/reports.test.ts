import { afterEach, describe, expect, it } from 'vitest';
import { isApiError } from '../api-error';
import { setAccessToken } from '../auth-token';
import { configureApiClient } from '../client';
import { TEST_BASE_URL, createMockFetch, failure, type MockHandler } from '../test/mock-fetch';
import { XLSX_TYPE, downloadReport, fileNameFromDisposition } from './reports';

// The report download (spec 1 §7, §8): the stream, the server's file name, the empty-range
// header, the caller's abort and every failure as an `ApiError`.

const SERVER_NAME = 'Reporte_Campaña_Café_sin_inicio_sin_fin.xlsx';
const DISPOSITION = `attachment; filename="Reporte_Campana_Cafe_sin_inicio_sin_fin.xlsx"; filename*=UTF-8''${encodeURIComponent(SERVER_NAME)}`;

function serve(handler: MockHandler) {
  setAccessToken(null);
  const mock = createMockFetch(handler);
  configureApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
  return mock;
}

function file(chunks: number[], headers: Record<string, string> = {}): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size));
      controller.close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': XLSX_TYPE, 'Content-Disposition': DISPOSITION, ...headers },
  });
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

afterEach(() => {
  configureApiClient({ baseUrl: TEST_BASE_URL });
});

describe('fileNameFromDisposition', () => {
  it("takes the server's file name, with its accents, from Content-Disposition", () => {
    expect(fileNameFromDisposition(DISPOSITION, 'x.xlsx')).toBe(SERVER_NAME);
    expect(fileNameFromDisposition('attachment; filename="a_b.xlsx"', 'x.xlsx')).toBe('a_b.xlsx');
    expect(fileNameFromDisposition(null, 'x.xlsx')).toBe('x.xlsx');
  });
});

describe('downloadReport', () => {
  it('streams the file with its progress, its name and the asked filter', async () => {
    const mock = serve(() => file([2048, 1024]));
    const progress: number[] = [];
    const report = await downloadReport(
      { surveyId: 7, startDate: '2026-11-02', endDate: '2026-11-09' },
      { onProgress: (bytes) => progress.push(bytes) },
    );
    expect(progress).toEqual([2048, 3072]);
    expect(report.blob.size).toBe(3072);
    expect(report.blob.type).toBe(XLSX_TYPE);
    expect(report).toMatchObject({ fileName: SERVER_NAME, isEmpty: false });
    const [call] = mock.callsTo('GET', '/reports/product-survey-export');
    expect(call?.search).toBe('?surveyId=7&startDate=2026-11-02&endDate=2026-11-09');
    expect(call?.headers.get('Accept')).toBe(`${XLSX_TYPE}, application/json`);
  });

  it('says when the server found no visit in the range (X-Report-Rows: none)', async () => {
    serve(() => file([512], { 'X-Report-Rows': 'none' }));
    expect(await downloadReport({ surveyId: 7 })).toMatchObject({ isEmpty: true });
    serve(() => file([512], { 'X-Report-Rows': 'some' }));
    expect(await downloadReport({ surveyId: 7 })).toMatchObject({ isEmpty: false });
  });

  it('names the file after the survey when the server gives no name', async () => {
    serve(() => new Response(new Uint8Array(4), { status: 200 }));
    expect(await downloadReport({ surveyId: 9 })).toMatchObject({ fileName: 'Reporte_9.xlsx' });
  });

  it('reads a failure: the envelope, a message or the raw text, with the status', async () => {
    serve(() => failure(422, 'UNPROCESSABLE_ENTITY', 'El cuestionario no es de tipo Producto.'));
    expect(await caught(downloadReport({ surveyId: 7 }))).toMatchObject({
      statusCode: 422,
      errorCode: 'UNPROCESSABLE_ENTITY',
      errorMessage: 'El cuestionario no es de tipo Producto.',
    });
    serve(() => Response.json({ message: 'Bad gateway' }, { status: 502 }));
    expect(await caught(downloadReport({ surveyId: 7 }))).toMatchObject({
      statusCode: 502,
      errorMessage: 'Bad gateway',
    });
    serve(() => new Response('  proxy caído ', { status: 500 }));
    expect(await caught(downloadReport({ surveyId: 7 }))).toMatchObject({
      statusCode: 500,
      errorMessage: 'proxy caído',
    });
  });

  it('lets a cancel through as an AbortError and turns a broken stream into an ApiError', async () => {
    let send!: ReadableStreamDefaultController<Uint8Array>;
    serve(
      ({ signal }) =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              send = controller;
              controller.enqueue(new Uint8Array(16));
              signal.addEventListener('abort', () =>
                controller.error(new DOMException('The operation was aborted.', 'AbortError')),
              );
            },
          }),
          { status: 200 },
        ),
    );
    const controller = new AbortController();
    const cancelled = downloadReport(
      { surveyId: 7 },
      { signal: controller.signal, onProgress: () => controller.abort() },
    );
    expect(await caught(cancelled)).toMatchObject({ name: 'AbortError' });

    const broken = downloadReport(
      { surveyId: 7 },
      { onProgress: () => send.error(new TypeError('x')) },
    );
    const error = await caught(broken);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: 0, errorCode: 'NETWORK_ERROR' });
  });
});
