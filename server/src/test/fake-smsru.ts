// A local stand-in for SMS.ru's `POST /sms/send` (form fields api_id, to, msg, json=1), answering
// in its documented JSON format. `next` scripts the answer of the next call.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmsRuCall {
  api_id: string;
  to: string;
  msg: string;
  json: string;
}

export async function startFakeSmsRu(apiKey: string) {
  const calls: SmsRuCall[] = [];
  let next: ((call: SmsRuCall) => { status: number; body: string }) | null = null;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body)) as unknown as SmsRuCall;
      if (req.method !== 'POST' || req.url !== '/sms/send') {
        res.writeHead(404).end();
        return;
      }
      calls.push(form);
      const scripted = next?.(form);
      next = null;
      if (scripted) {
        res.writeHead(scripted.status, { 'content-type': 'application/json' }).end(scripted.body);
        return;
      }
      const answer =
        form.api_id !== apiKey
          ? { status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' }
          : { status: 'OK', status_code: 100, sms: { [form.to]: { status: 'OK', status_code: 100, sms_id: `000000-${calls.length}` } }, balance: 4122.56 };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    answerNext(fn: (call: SmsRuCall) => { status: number; body: string }) {
      next = fn;
    },
    /** The 6-digit code in the last message to `phone` (E.164). */
    lastCode(phone: string): string {
      const call = calls.filter((c) => c.to === phone.replace(/\D/g, '')).at(-1);
      const code = call && /\b(\d{6})\b/.exec(call.msg)?.[1];
      if (!code) throw new Error(`no SMS code to ${phone}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
