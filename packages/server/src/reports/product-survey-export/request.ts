// What the export needs before its first byte (docs/reports.md, "Filter and errors"): the filter
// as Mexico City days, the survey, the file name and whether any row falls in the window. Every
// failure is thrown here as the envelope's error, while the reply can still be JSON.
import type { Db } from '../../db/client.ts';
import { badRequest, notFound, unprocessable } from '../../http/errors.ts';
import { loadSurveyContent } from '../../surveys/tree.ts';
import { buildTree, type SurveyTree } from '../../surveys/tree-model.ts';
import { exportDay } from './dates.ts';
import { readBatch } from './read.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** 'some' or 'none': whether the file holds any data row (the screen says when it does not). */
export const REPORT_ROWS_HEADER = 'X-Report-Rows';

const PRODUCT_SURVEY_TYPE = 2;
const NOT_A_PRODUCT_SURVEY = 'El cuestionario no es de tipo Producto.';

export interface ExportFilter {
  surveyId: number;
  startDate?: string;
  endDate?: string;
}

/** What the export needs before the first byte: throws the envelope's errors. */
export interface PreparedExport {
  tree: SurveyTree;
  filter: ExportFilter;
  fileName: string;
  asciiFileName: string;
  contentDisposition: string;
  /** False when no row falls in the window: the file holds only the headers. */
  hasRows: boolean;
}

/**
 * A part of the file name kept with its accents but safe on every file system: no path
 * separators, reserved characters (Windows: < > : " / \ | ? *), control characters, leading or
 * trailing dots and spaces; spaces become '_'. Capped at 60 characters.
 */
function unicodeSafe(part: string): string {
  const cleaned = part
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, '_')
    .replace(/\s+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+|[._]+$/g, '');
  return [...cleaned].slice(0, 60).join('') || 'sin_nombre';
}

/** The same part in plain ASCII letters, digits, '-', '.' and '_' (accents removed). */
function asciiSafe(part: string): string {
  const cleaned = part
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9.-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+|[._]+$/g, '');
  return cleaned.slice(0, 60) || 'sin_nombre';
}

/** RFC 5987 value-chars: percent-encode everything outside attr-char. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `Reporte_{campaign}_{survey}_{start}_{end}.xlsx`, with accents and in plain ASCII. */
function fileNamesOf(tree: SurveyTree, filter: ExportFilter) {
  const parts = [
    'Reporte',
    tree.survey.campaignName,
    tree.survey.name,
    filter.startDate ?? 'sin_inicio',
    filter.endDate ?? 'sin_fin',
  ];
  const fileName = `${parts.map(unicodeSafe).join('_')}.xlsx`;
  const asciiFileName = `${parts.map(asciiSafe).join('_')}.xlsx`;
  return {
    fileName,
    asciiFileName,
    contentDisposition: `attachment; filename="${asciiFileName}"; filename*=UTF-8''${rfc5987(fileName)}`,
  };
}

/** Validates the filter and loads the survey: 400, 404 and 422 before anything is streamed. */
export async function prepareExport(db: Db, request: ExportFilter): Promise<PreparedExport> {
  // From here on the bounds are Mexico City days, whichever ISO form the request used.
  const filter: ExportFilter = {
    surveyId: request.surveyId,
    startDate: exportDay('startDate', request.startDate),
    endDate: exportDay('endDate', request.endDate),
  };
  if (filter.startDate && filter.endDate && filter.endDate < filter.startDate) {
    const message = 'La fecha de fin no puede ser anterior a la fecha de inicio';
    throw badRequest(message, [{ field: 'endDate', message }]);
  }
  const content = await loadSurveyContent(db, filter.surveyId);
  if (!content) throw notFound('El cuestionario no existe.');
  if (content.survey.type !== PRODUCT_SURVEY_TYPE) throw unprocessable(NOT_A_PRODUCT_SURVEY);
  const tree = buildTree(content);
  // One row's look-up on the export's own index, so the page can say the range has no visits
  // (the count of a streamed file is only known at its end).
  const hasRows = (await readBatch(db, tree, filter, null, 1)).length > 0;
  return { tree, filter, ...fileNamesOf(tree, filter), hasRows };
}
