import { sql, type SQL } from 'drizzle-orm';
import { getTableName, type AnyColumn } from 'drizzle-orm';

// Accent folding shared by SQL and JS so that a filter typed as "peña" or "PENA" finds "Peña".
// translate() is immutable, so the same expression can back expression indexes and generated
// columns; the JS side (foldText) applies exactly the same map before the value is bound.
const ACCENTED = 'ÁÀÄÂÃáàäâãÉÈËÊéèëêÍÌÏÎíìïîÓÒÖÔÕóòöôõÚÙÜÛúùüûÑñÇç';
const PLAIN = 'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCc';

const FOLD_MAP = new Map([...ACCENTED].map((char, index) => [char, PLAIN[index] as string]));

/** lower(translate(x)): the SQL expression used for accent- and case-insensitive sort and search. */
export function fold(value: AnyColumn | SQL): SQL {
  return sql`lower(translate(${value}, ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)}))`;
}

/** The JS twin of fold(): what a filter term must look like before it is compared. */
export function foldText(value: string): string {
  let folded = '';
  for (const char of value) folded += FOLD_MAP.get(char) ?? char;
  return folded.toLowerCase();
}

/** A LIKE pattern matching `term` anywhere, with LIKE's wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${foldText(term).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * `"table"."column"` whatever the surrounding query: drizzle leaves columns unqualified in a
 * single-table select, which would make a correlated subquery bind `"id"` to its own table.
 */
export function qualified(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
