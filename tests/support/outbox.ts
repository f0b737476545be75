// Reads the messages the server writes to $DATA_DIR/outbox/*.eml when no SMTP_URL is set.
// A deliberately small RFC 5322/MIME reader: headers, multipart bodies, quoted-printable and
// base64, which is all nodemailer's composer produces for our plain-text and HTML mails.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines start with white space and continue the previous header.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    const hex = soft.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words, e.g. =?UTF-8?Q?Restablecer_contrase=C3=B1a?= */
function decodeHeader(value: string): string {
  // White space between two adjacent encoded words is not part of the text (RFC 2047 §6.2).
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** Leaf parts of a (possibly nested) multipart message, in order. */
function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => leaves(splitHeaders(section.replace(/^\n/, ''))));
}

function parseMail(raw: string, file = ''): Mail {
  const message = splitHeaders(raw);
  let text = '';
  let html = '';
  for (const part of leaves(message)) {
    const type = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
    if (type.startsWith('text/plain') && !text) text = decodeBody(part);
    else if (type.startsWith('text/html') && !html) html = decodeBody(part);
  }
  return {
    file,
    to: decodeHeader(message.headers.get('to') ?? ''),
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text,
    html,
  };
}

/**
 * Waits for the newest message addressed to `to` that was written at or after `since`
 * (a Date.now() taken before the action that sends it).
 */
export async function waitForMail(
  outboxDir: string,
  to: string,
  since: number,
  timeoutMs = 15_000,
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = await readdir(outboxDir).catch(() => [] as string[]);
    const files = await Promise.all(
      names
        .filter((name) => name.endsWith('.eml'))
        .map(async (name) => ({
          path: join(outboxDir, name),
          mtime: (await stat(join(outboxDir, name))).mtimeMs,
        })),
    );
    // mtime has coarser resolution than Date.now() on some file systems: allow one second.
    const fresh = files.filter((f) => f.mtime >= since - 1000).sort((a, b) => b.mtime - a.mtime);
    for (const f of fresh) {
      const mail = parseMail(await readFile(f.path, 'utf8'), f.path);
      if (mail.to.toLowerCase().includes(to.toLowerCase())) return mail;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `No e-mail to ${to} in ${outboxDir} within ${timeoutMs} ms (saw ${files.length} .eml files)`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The first link in the mail whose path is `pathname` (text part first, then HTML). */
export function findLink(mail: Mail, pathname: string): URL {
  const html = mail.html.replace(/&amp;/g, '&').replace(/&#x3D;|&#61;/g, '=');
  for (const source of [mail.text, html]) {
    for (const match of source.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
      const url = new URL(match[0].replace(/[).,;]+$/, ''));
      if (url.pathname === pathname) return url;
    }
  }
  throw new Error(`No ${pathname} link in ${mail.file}:\n${mail.text || mail.html}`);
}
