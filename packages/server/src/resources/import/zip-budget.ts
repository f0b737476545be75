import { open } from 'node:fs/promises';
import { constants, inflateRawSync } from 'node:zlib';
import { badRequest } from '../../http/errors.ts';

// A zip bomb costs nothing: before exceljs inflates an .xlsx, its central directory (the zip's
// own table of contents, at the end of the file) is read and the file is refused when its entries
// would expand past the budget. The streaming reader still works from the local headers, so a
// file whose directory lies is only caught by the row and column limits (docs/import.md).

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65535. */
const END_SEARCH = 22 + 0xffff;
/** An .xlsx holds a few dozen parts; thousands mean something else. */
const MAX_ENTRIES = 1000;

const BOMB_MESSAGE = 'El archivo de Excel es demasiado grande al descomprimirlo.';
const DAMAGED_MESSAGE = 'No se pudo leer el archivo de Excel.';

function refuse(message: string): never {
  throw badRequest(message, [{ field: 'file', message }]);
}

/** `length` bytes of the file at `position` (fewer at its end). */
export async function readAt(path: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Where the central directory is, from the end record (no ZIP64: an import file never needs it). */
function directoryOf(tail: Buffer, fileSize: number) {
  for (let at = tail.length - 22; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) !== END_OF_DIRECTORY) continue;
    const entries = tail.readUInt16LE(at + 10);
    const size = tail.readUInt32LE(at + 12);
    const offset = tail.readUInt32LE(at + 16);
    if (entries > MAX_ENTRIES) refuse(BOMB_MESSAGE);
    if (offset + size > fileSize) refuse(DAMAGED_MESSAGE);
    return { entries, size, offset };
  }
  return refuse(DAMAGED_MESSAGE);
}

/** Where a part's data is: its local header's offset, its compression and its compressed size. */
export interface ZipPart {
  localHeader: number;
  method: number;
  compressedSize: number;
}

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;

/**
 * Refuses an .xlsx whose parts would expand past `maxExpandedBytes` in all; answers the first
 * worksheet part (the one the streaming reader reads), or null.
 */
export async function checkZipBudget(
  path: string,
  fileSize: number,
  maxExpandedBytes: number,
): Promise<ZipPart | null> {
  const tailStart = Math.max(0, fileSize - END_SEARCH);
  const tail = await readAt(path, tailStart, fileSize - tailStart);
  const { entries, size, offset } = directoryOf(tail, fileSize);
  const directory = await readAt(path, offset, size);
  let at = 0;
  let expanded = 0;
  let worksheet: ZipPart | null = null;
  for (let entry = 0; entry < entries; entry += 1) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) {
      refuse(DAMAGED_MESSAGE);
    }
    expanded += directory.readUInt32LE(at + 24);
    if (expanded > maxExpandedBytes) refuse(BOMB_MESSAGE);
    const nameLength = directory.readUInt16LE(at + 28);
    const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
    if (worksheet === null && WORKSHEET.test(name)) {
      worksheet = {
        method: directory.readUInt16LE(at + 10),
        compressedSize: directory.readUInt32LE(at + 20),
        localHeader: directory.readUInt32LE(at + 42),
      };
    }
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return worksheet;
}

const STORED = 0;
const DEFLATED = 8;
/** The `<dimension>` element comes before the rows, within the sheet's first few hundred bytes. */
const SHEET_HEAD = 4 * 1024;

/**
 * The rows a worksheet declares in its `<dimension ref="A1:M100001"/>` (Excel and LibreOffice
 * write it before the rows), read from the part's first bytes without inflating the rest; null
 * when the sheet has none. An estimate for the progress only: the rows themselves are counted
 * as they are read.
 */
export async function declaredRows(path: string, part: ZipPart): Promise<number | null> {
  try {
    const header = await readAt(path, part.localHeader, 30);
    const data = part.localHeader + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const head = await readAt(path, data, Math.min(part.compressedSize, SHEET_HEAD));
    let xml: Buffer;
    if (part.method === STORED) xml = head;
    else if (part.method === DEFLATED) {
      // A truncated stream: inflate what there is instead of failing at its end.
      xml = inflateRawSync(head, {
        finishFlush: constants.Z_SYNC_FLUSH,
        maxOutputLength: 256 * SHEET_HEAD,
      });
    } else return null;
    const match = /<(?:\w+:)?dimension\s+ref="[A-Z]+\d+(?::[A-Z]+(\d+))?"/.exec(
      xml.toString('utf8', 0, Math.min(xml.length, SHEET_HEAD)),
    );
    return match ? Number(match[1] ?? 1) : null;
  } catch {
    // A damaged part is the streaming reader's to report.
    return null;
  }
}
