import { downloadReport, isAbortError } from '@anaquel/api';
import { useRef, useState } from 'react';
import { saveBlob } from '../../lib/download';
import type { ExportOutput } from './export-schema';

/** Where an export is (spec 1 §4): idle -> generating (bytes received) -> downloaded -> idle. */
export type ExportState =
  | { kind: 'idle' }
  | { kind: 'generating'; bytes: number }
  | { kind: 'downloaded'; fileName: string; isEmpty: boolean };

/**
 * One export at a time: `start` downloads the report and saves the file, `cancel` aborts it.
 * Failures other than a cancel go to `onError` (the global handler, spec 1 §8).
 */
export function useReportExport(onError: (error: unknown) => void) {
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);

  const start = async (values: ExportOutput) => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'generating', bytes: 0 });
    try {
      const report = await downloadReport(
        { surveyId: values.surveyId, startDate: values.startDate, endDate: values.endDate },
        {
          signal: controller.signal,
          onProgress: (bytes) => setState({ kind: 'generating', bytes }),
        },
      );
      saveBlob(report.blob, report.fileName);
      setState({ kind: 'downloaded', fileName: report.fileName, isEmpty: report.isEmpty });
      // The empty-range notice stays until the next export: it asks the reader to change the
      // dates, which takes longer than reading a file name.
      if (!report.isEmpty) {
        setTimeout(() => setState((s) => (s.kind === 'downloaded' ? { kind: 'idle' } : s)), 4000);
      }
    } catch (error) {
      setState({ kind: 'idle' });
      if (!isAbortError(error) && !controller.signal.aborted) onError(error);
    } finally {
      abort.current = null;
    }
  };
  const cancel = () => abort.current?.abort();
  return { state, start, cancel };
}
