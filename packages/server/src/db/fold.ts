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

/*
 * Word-joined search text (issue 13, migrations 0008 and 0010). pg_trgm splits a text into words
 * at every non-alphanumeric character, so the trigrams of `search_text` say nothing about which
 * word follows which: `LIKE '%penon 42%'` was answered from the trigrams of "penon" and of "42"
 * taken apart, GIN read posting lists as long as that of "  4" (every word starting with 4) and
 * the heap recheck threw away three candidates in four. Each stored `search_text` also has a GIN
 * index on `replace(search_text, ' ', 'w')`: one "word" per field group, whose trigrams span the
 * spaces ("nw4": a word ending in n followed by one starting with 4). A term of several words is
 * looked up there by its junctions (joinedPatterns) and checked exactly with strpos on
 * search_text (resources/factory.ts searchOf); a one-word term stays a plain LIKE.
 *
 * Sound for any character: a text containing the term contains it with every space replaced,
 * so the word-joined condition only narrows the candidates (a 'w' of the data or of the term can
 * only add candidates, which the exact check removes).
 */
const JOINER = 'w';
/** Characters kept on each side of a run of spaces in the index pattern of a multi-word term. */
const WINDOW = 2;

/** `replace(column, ' ', 'w')`: the expression the trigram indexes of search_text are on. */
export function joinedWords(column: AnyColumn | SQL): SQL {
  return sql`replace(${column}, ' ', ${sql.raw(`'${JOINER}'`)})`;
}

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The LIKE patterns over joinedWords(search_text) that select the candidates of `term`. A
 * one-word term: itself. A term of several words: only the junctions, each run of spaces with up
 * to two characters on each side ("penon 42" -> "%onw42%"; "la esperanza 42" -> "%lawes%" and
 * "%zaw42%"). Why not every trigram of the term: GIN reads the whole posting list of each trigram
 * it is given, and the trigrams inside a word ("esp", "ran"...) are those of
 * every row with that word, while a junction's trigrams are those of the word pair, so far fewer
 * postings give the same candidates (figures in bench/pointofsales.md).
 */
export function joinedPatterns(term: string): string[] {
  const folded = foldText(term);
  const junctions = [...folded.matchAll(/ +/g)];
  if (junctions.length === 0) return [`%${likeEscape(folded)}%`];
  return junctions.map((junction) => {
    const start = Math.max(0, junction.index - WINDOW);
    const end = Math.min(folded.length, junction.index + junction[0].length + WINDOW);
    return `%${likeEscape(folded.slice(start, end).replaceAll(' ', JOINER))}%`;
  });
}
