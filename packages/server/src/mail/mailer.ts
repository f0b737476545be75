import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../env.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** 'smtp' when SMTP_URL is set; otherwise 'outbox' (.eml files in dataDir/outbox). */
  readonly mode: 'smtp' | 'outbox';
  /**
   * Queues the message and returns at once: callers answer without waiting for the mail server,
   * so response times do not depend on whether a message was sent. Failures are logged.
   */
  enqueue(message: MailMessage): void;
  /**
   * Runs `task` after the current answer has gone (setImmediate), e.g. everything a reset
   * request does, so that its answer takes the same time whatever the task finds. Failures are
   * logged; `flush` waits for it too.
   */
  defer(task: () => Promise<void>, what: string): void;
  /** Waits for every queued message and deferred task (shutdown, tests). */
  flush(): Promise<void>;
}

/** `2026-01-31T10-20-30-123Z-maria.lopez@anaquel.mx.eml` */
function outboxFileName(to: string, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const safeTo = to.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 100);
  return `${stamp}-${safeTo}.eml`;
}

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  logger: FastifyBaseLogger,
): Mailer {
  const pending = new Set<Promise<void>>();
  const outboxDir = path.join(config.dataDir, 'outbox');

  const send: (message: MailMessage) => Promise<void> = config.smtpUrl
    ? (() => {
        const transport = nodemailer.createTransport(config.smtpUrl);
        return async (message) => {
          await transport.sendMail({ from: config.mailFrom, ...message });
        };
      })()
    : (() => {
        const transport = nodemailer.createTransport({
          streamTransport: true,
          buffer: true,
          newline: 'unix',
        });
        return async (message) => {
          const info = await transport.sendMail({ from: config.mailFrom, ...message });
          await mkdir(outboxDir, { recursive: true });
          const file = path.join(outboxDir, outboxFileName(message.to, new Date()));
          await writeFile(file, info.message as Buffer);
          logger.info({ file, to: message.to }, 'mail written to the outbox');
        };
      })();

  return {
    mode: config.smtpUrl ? 'smtp' : 'outbox',
    enqueue(message) {
      const task = send(message)
        .catch((error: unknown) => {
          logger.error({ err: error, to: message.to, subject: message.subject }, 'mail not sent');
        })
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    defer(task, what) {
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => {
          logger.error({ err: error }, `${what} failed`);
        })
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
