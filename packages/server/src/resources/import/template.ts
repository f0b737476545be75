import ExcelJS from 'exceljs';
import type { ImportColumn } from './columns.ts';

// The import template (docs/import.md): the headers and one example row, the rules of each
// column and the valid values. Every value is written as a text cell, so that a value such as
// '=1+1' never becomes a formula.

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A sheet of valid values (states, categories...). */
export interface ReferenceSheet {
  name: string;
  header: string;
  values: readonly string[];
}

function addTextRow(sheet: ExcelJS.Worksheet, values: readonly string[]): ExcelJS.Row {
  const row = sheet.addRow([]);
  values.forEach((value, index) => {
    const cell = row.getCell(index + 1);
    cell.value = value;
    cell.numFmt = '@';
  });
  return row;
}

export async function writeTemplate(
  dataSheet: string,
  columns: readonly ImportColumn[],
  references: readonly ReferenceSheet[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const data = workbook.addWorksheet(dataSheet);
  addTextRow(
    data,
    columns.map((column) => column.header),
  ).font = { bold: true };
  addTextRow(
    data,
    columns.map((column) => column.example),
  );
  columns.forEach((column, index) => {
    data.getColumn(index + 1).width = Math.max(14, column.header.length + 4);
    // Text columns: Excel keeps a zip code's leading zero.
    data.getColumn(index + 1).numFmt = '@';
  });
  const rules = workbook.addWorksheet('Reglas');
  addTextRow(rules, ['Columna', 'Obligatoria', 'Regla']).font = { bold: true };
  for (const column of columns) {
    addTextRow(rules, [column.header, column.required ? 'Sí' : 'No', column.rule]);
  }
  rules.getColumn(1).width = 20;
  rules.getColumn(3).width = 90;
  for (const reference of references) {
    const sheet = workbook.addWorksheet(reference.name);
    addTextRow(sheet, [reference.header]).font = { bold: true };
    for (const value of reference.values) addTextRow(sheet, [value]);
    sheet.getColumn(1).width = 40;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
