import type { FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import { registerOperation } from '../http/contract.ts';
import {
  REPORT_ROWS_HEADER,
  prepareExport,
  writeProductSurveyExport,
  XLSX_TYPE,
} from '../reports/product-survey-export/index.ts';

// Reports (issue 12, docs/reports.md): the Excel export of a product survey's answers.
export default function reportRoutes(app: FastifyInstance): void {
  registerOperation(
    app,
    'exportProductSurveyReport',
    { auth: 'VIEW_CHECKINS' },
    async (request, reply) => {
      const db = app.services.db;
      // Every failure of the filter or the survey is thrown here, as the JSON envelope, before
      // any byte of the file is sent.
      const prepared = await prepareExport(db, {
        surveyId: request.query.surveyId,
        startDate: request.query.startDate,
        endDate: request.query.endDate,
      });
      const body = new PassThrough();
      let clientGone = false;
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) clientGone = true;
      });
      writeProductSurveyExport(db, prepared, body, { isCancelled: () => clientGone }).catch(
        (error: unknown) => {
          // The headers are gone: the only way to tell the client is to cut the download.
          request.log.error({ err: error }, 'report export failed while streaming');
          body.destroy(error instanceof Error ? error : new Error(String(error)));
        },
      );
      return reply
        .type(XLSX_TYPE)
        .header('Content-Disposition', prepared.contentDisposition)
        .header(REPORT_ROWS_HEADER, prepared.hasRows ? 'some' : 'none')
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(body);
    },
  );
}
