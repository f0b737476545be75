/**
 * Parser for the official SEPOMEX postal-code catalogue ("Consulta de códigos postales", TXT
 * download from Correos de México). The file is pipe-delimited and ISO-8859-1 encoded: a notice on
 * the first line, then the header `d_codigo|d_asenta|d_tipo_asenta|D_mnpio|d_estado|d_ciudad|d_CP|
 * c_estado|c_oficina|c_CP|c_tipo_asenta|c_mnpio|id_asenta_cpcons|d_zona|c_cve_ciudad`, then one
 * settlement per line. See docs/zipcodes.md.
 */

export const SEPOMEX_COLUMNS = [
  'd_codigo',
  'd_asenta',
  'd_tipo_asenta',
  'D_mnpio',
  'd_estado',
  'd_ciudad',
  'd_CP',
  'c_estado',
  'c_oficina',
  'c_CP',
  'c_tipo_asenta',
  'c_mnpio',
  'id_asenta_cpcons',
  'd_zona',
  'c_cve_ciudad',
] as const;

export interface SepomexSettlement {
  /** d_codigo: the 5-digit postal code. */
  zipCode: string;
  /** d_asenta: settlement name (colonia, fraccionamiento, ejido...). */
  settlement: string;
  /** d_tipo_asenta: settlement type (Colonia, Barrio, Pueblo...). */
  settlementType: string;
  /** D_mnpio: municipality (alcaldía in Mexico City). */
  municipality: string;
  /** d_estado: state name as SEPOMEX writes it. */
  stateName: string;
  /** c_estado: the two-digit INEGI state key ("01".."32"). */
  stateKey: string;
  /** d_ciudad: city, empty for rural settlements. */
  city: string | null;
  /** d_zona: "Urbano" or "Rural". */
  zone: string;
  /** 1-based line number in the file, for error messages. */
  line: number;
}

export class SepomexFormatError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`Línea ${line}: ${message}`);
    this.name = 'SepomexFormatError';
  }
}

/** Splits a byte stream into decoded lines without holding the whole file in memory. */
async function* decodeLines(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  // WHATWG 'latin1' is windows-1252, a superset of ISO-8859-1 for every printable character.
  const decoder = new TextDecoder('latin1');
  let pending = '';
  for await (const chunk of source) {
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let newline = pending.indexOf('\n');
    while (newline !== -1) {
      yield pending.slice(0, newline).replace(/\r$/, '');
      pending = pending.slice(newline + 1);
      newline = pending.indexOf('\n');
    }
  }
  pending += decoder.decode();
  if (pending.length > 0) yield pending.replace(/\r$/, '');
}

/**
 * Yields one record per settlement. Lines before the header (the notice) are skipped; a file
 * without the header, or a row with the wrong number of columns or a malformed code, throws a
 * SepomexFormatError naming the line, because it means the wrong file or a damaged download.
 */
export async function* parseSepomex(
  source: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<SepomexSettlement> {
  let lineNumber = 0;
  let headerSeen = false;
  for await (const raw of decodeLines(source)) {
    lineNumber += 1;
    if (!headerSeen) {
      if (raw.startsWith('d_codigo|')) {
        const header = raw.split('|').map((column) => column.trim());
        const expected = SEPOMEX_COLUMNS.join('|');
        if (header.slice(0, SEPOMEX_COLUMNS.length).join('|') !== expected) {
          throw new SepomexFormatError(
            `encabezado inesperado; se esperaba ${expected}`,
            lineNumber,
          );
        }
        headerSeen = true;
      } else if (lineNumber > 5) {
        throw new SepomexFormatError(
          'no se encontró el encabezado d_codigo|d_asenta|...',
          lineNumber,
        );
      }
      continue;
    }
    if (raw.trim() === '') continue;
    const cells = raw.split('|');
    if (cells.length < SEPOMEX_COLUMNS.length) {
      throw new SepomexFormatError(
        `se esperaban ${SEPOMEX_COLUMNS.length} columnas y hay ${cells.length}`,
        lineNumber,
      );
    }
    const cell = (index: number) => (cells[index] ?? '').trim();
    const zipCode = cell(0);
    const stateKey = cell(7);
    if (!/^\d{5}$/.test(zipCode)) {
      throw new SepomexFormatError(`código postal inválido "${zipCode}"`, lineNumber);
    }
    if (!/^\d{2}$/.test(stateKey)) {
      throw new SepomexFormatError(`clave de estado inválida "${stateKey}"`, lineNumber);
    }
    const settlement = cell(1);
    const municipality = cell(3);
    if (settlement === '' || municipality === '') {
      throw new SepomexFormatError('asentamiento o municipio vacío', lineNumber);
    }
    yield {
      zipCode,
      settlement,
      settlementType: cell(2),
      municipality,
      stateName: cell(4),
      stateKey,
      city: cell(5) === '' ? null : cell(5),
      zone: cell(13),
      line: lineNumber,
    };
  }
  if (!headerSeen) {
    throw new SepomexFormatError('no se encontró el encabezado d_codigo|d_asenta|...', lineNumber);
  }
}
