// A real SMTP server in the test process (smtp-server): what nodemailer sends arrives here.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { waitUntil } from './wait-until.ts';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Headers and bodies with quoted-printable and base64 parts decoded (good enough to search). */
  decoded: string;
}

function decodeQuotedPrintable(s: string): string {
  const joined = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

export function decodeMail(raw: string): string {
  const base64Parts = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:.+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) => Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'));
  const words = raw.replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, q: string) => decodeQuotedPrintable(q.replace(/_/g, ' ')));
  return [decodeQuotedPrintable(words), ...base64Parts].join('\n');
}

/** `hold`: awaited before a message is accepted (a send that is under way while something happens). */
export async function startSmtpServer(port = 0, options: { hold?: (to: string[]) => Promise<void> } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address);
        void (options.hold?.(to) ?? Promise.resolve()).then(() => {
          received.push({ to, raw, decoded: decodeMail(raw) });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    /** Waits for a message to `to` (the n-th one, counting from 1). */
    async waitFor(to: string, nth = 1, timeoutMs = 10_000): Promise<ReceivedMail> {
      return (await waitUntil(`mail #${nth} to ${to}`, () => received.filter((m) => m.to.includes(to))[nth - 1], { timeout: timeoutMs }))!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message whose path is `path`. */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const m = new RegExp(`https?://[^\\s"<>]*${path.replace(/[/?]/g, '\\$&')}\\?token=[\\w%-]+`).exec(mail.decoded);
  if (!m) throw new Error(`no ${path} link in:\n${mail.decoded}`);
  return new URL(m[0]);
}
