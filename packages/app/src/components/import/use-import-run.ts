import { isAbortError, isApiError, type ImportReport, type ImportUpload } from '@anaquel/api';
import { useRef, useState } from 'react';

// The state of an import dialog (docs/import.md): the chosen file and its mapping, the dry run,
// the confirm, the upload's progress and the cancel. The browser holds the File (the server
// reads it) and the report's first problems, never the file's rows.

/** The server calls an import dialog makes; a relation's import has no error report. */
export interface ImportCalls {
  check(upload: ImportUpload): Promise<ImportReport>;
  run(upload: ImportUpload): Promise<ImportReport>;
  errorReport?(upload: ImportUpload): Promise<Blob>;
}

/** uploading: the bytes are sent (progress 0-1); checking/writing: the server works on them. */
export type ImportPhase = 'idle' | 'uploading' | 'checking' | 'writing';

export interface ImportRun {
  file: File | null;
  mapping: Record<string, string>;
  phase: ImportPhase;
  /** The upload's progress, 0 to 1. */
  progress: number;
  /** Whether the running step writes (the confirm) or only checks. */
  writes: boolean;
  report: ImportReport | null;
  error: string | null;
  choose(file: File): void;
  remap(mapping: Record<string, string>): void;
  confirm(): Promise<ImportReport | null>;
  cancel(): void;
  downloadErrors(): Promise<Blob | null>;
}

function messageOf(error: unknown): string | null {
  if (isAbortError(error)) return 'Importación cancelada: no se guardó nada.';
  return isApiError(error) ? error.errorMessage : 'No se pudo procesar el archivo.';
}

export function useImportRun(calls: ImportCalls): ImportRun {
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [phase, setPhase] = useState<ImportPhase>('idle');
  const [progress, setProgress] = useState(0);
  const [writes, setWrites] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  async function step(
    call: (upload: ImportUpload) => Promise<ImportReport>,
    upload: { file: File; mapping: Record<string, string> },
    writing: boolean,
  ): Promise<ImportReport | null> {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setWrites(writing);
    setError(null);
    setProgress(0);
    setPhase('uploading');
    try {
      const result = await call({
        ...upload,
        signal: abort.signal,
        onProgress: (fraction) => {
          setProgress(fraction);
          if (fraction >= 1) setPhase(writing ? 'writing' : 'checking');
        },
      });
      setReport(result);
      return result;
    } catch (failure) {
      if (!writing) setReport(null);
      setError(messageOf(failure));
      return null;
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setPhase('idle');
      }
    }
  }

  return {
    file,
    mapping,
    phase,
    progress,
    writes,
    report,
    error,
    choose(chosen) {
      setFile(chosen);
      setMapping({});
      void step(calls.check, { file: chosen, mapping: {} }, false);
    },
    remap(next) {
      setMapping(next);
      if (file) void step(calls.check, { file, mapping: next }, false);
    },
    confirm: () => (file ? step(calls.run, { file, mapping }, true) : Promise.resolve(null)),
    cancel() {
      controller.current?.abort();
    },
    async downloadErrors() {
      if (!file || !calls.errorReport) return null;
      try {
        return await calls.errorReport({ file, mapping });
      } catch (failure) {
        setError(messageOf(failure));
        return null;
      }
    },
  };
}
