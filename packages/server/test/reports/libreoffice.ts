import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

// LibreOffice, a real spreadsheet program, opens the exported file (issue 12). Like
// scripts/ensure-chromium.mjs does for Chromium: when `soffice` is missing and we are root, the
// Debian package `libreoffice-calc-nogui` is installed; otherwise the caller skips with the
// returned reason.

const SOFFICE = ['/usr/bin/soffice', '/usr/bin/libreoffice'];

/** The soffice binary, installing it when possible; a reason string when it is unavailable. */
export function ensureLibreOffice(): { binary: string } | { skip: string } {
  const found = SOFFICE.find((p) => existsSync(p));
  if (found) return { binary: found };
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    return {
      skip:
        "LibreOffice is not installed and this is not root: install Debian's package " +
        '(sudo apt-get install -y libreoffice-calc-nogui) to run the LibreOffice check.',
    };
  }
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libreoffice-calc-nogui',
    { stdio: 'inherit', shell: '/bin/bash' },
  );
  const installed = SOFFICE.find((p) => existsSync(p));
  if (!installed) throw new Error('libreoffice-calc-nogui installed but soffice is missing');
  return { binary: installed };
}

/** The first sheet of an xlsx as LibreOffice reads it: CSV (UTF-8, comma, '"'), parsed. */
export async function xlsxToCsvRows(binary: string, xlsx: Buffer): Promise<string[][]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'anaquel-soffice-'));
  try {
    const input = path.join(dir, 'report.xlsx');
    await writeFile(input, xlsx);
    execFileSync(
      binary,
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1',
        '--outdir',
        dir,
        input,
      ],
      { stdio: 'pipe', timeout: 170_000 },
    );
    return parseCsv(await readFile(path.join(dir, 'report.csv'), 'utf8'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (c !== '\r') field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}
