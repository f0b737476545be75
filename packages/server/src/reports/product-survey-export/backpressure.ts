// Backpressure for the streamed workbook, at both ends of its zip. exceljs' WorkbookWriter hands a
// worksheet's XML to the zip entry's compressor ignoring write()'s return value, so rows written
// faster than zlib deflates them would pile up in memory: reading the compressor's fill is the
// only way to slow the rows to its pace, and that compressor is reachable only through exceljs 4's
// internals. This module is the one place that reaches into them: if they change, it finds no
// compressor and the export still works, with the reply as its only backpressure.
import type ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';

/**
 * The sheet's XML the compressor may hold unprocessed before the rows wait for it: a few batches'
 * worth. A backlog of only its own buffer would make the rows wait for each batch to be deflated
 * to its last byte, instead of being deflated while the next batch is written.
 */
const ZIP_BACKLOG_BYTES = 16 * 1024 * 1024;

/** The stream exceljs pipes a worksheet's XML into (the zip entry's compressor), once it has one. */
function compressorInput(sheet: ExcelJS.Worksheet): Writable | undefined {
  const stream = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream;
  const target = stream?.pipes?.[0] as Writable | undefined;
  return target && typeof target.on === 'function' ? target : undefined;
}

/**
 * True when a write was refused and 'drain' will follow. archiver's streams come from the
 * `readable-stream` package, whose older versions lack `writableNeedDrain`: its state is read.
 */
function needsDrain(stream: Writable): boolean {
  const state = (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState;
  return stream.writableNeedDrain ?? state?.needDrain ?? false;
}

/** Bytes written to `stream` and not yet processed (old `readable-stream`: from its state). */
function writableLength(stream: Writable): number {
  const state = (stream as unknown as { _writableState?: { length?: number } })._writableState;
  return stream.writableLength ?? state?.length ?? 0;
}

/**
 * Resolves once `stream` has room again (at once when it has, or is gone), or when the reply
 * closes: a client that went away never lets the compressor drain.
 */
async function drained(stream: Writable | undefined, reply: Writable, backlog = 0): Promise<void> {
  if (!stream || !needsDrain(stream) || stream.destroyed || reply.destroyed) return;
  if (backlog > 0 && writableLength(stream) <= backlog) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      reply.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    reply.on('close', done);
  });
}

/**
 * Resolves when the sheet may take more rows: the compressor holds at most its backlog and the
 * reply (`output`) has room for more than its buffer's worth.
 */
export async function sheetHasRoom(sheet: ExcelJS.Worksheet, output: Writable): Promise<void> {
  await drained(compressorInput(sheet), output, ZIP_BACKLOG_BYTES);
  await drained(output, output);
}
