// Delivers rendered messages: over SMTP (SMTP_URL) or, in development without SMTP, as .eml files
// in DATA_DIR/outbox with the link logged, so a newcomer can still confirm an account.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../../logger.ts';
import type { MailMessage } from './templates.ts';

export interface Mailer {
  send(message: MailMessage, meta?: { link?: string }): Promise<void>;
  readonly kind: 'smtp' | 'outbox';
}

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  const { logger } = options;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl, { from: options.from });
    // Timeouts bound a stuck server; the job then retries later.
    Object.assign(transport.options, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message, meta = {}) {
      const info = await builder.sendMail({ from: options.from, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file, link: meta.link }, 'mail written to the outbox (no SMTP_URL)');
    },
  };
}
