// SMS.ru `sms/send` (https://sms.ru/api/send): POST form fields api_id, to (digits, no "+"), msg,
// json=1 [, from]. The answer is JSON: a request-level { status: "OK" | "ERROR", status_code,
// status_text } and, per number, sms[<number>] = { status, status_code, status_text?, sms_id? }.
import { SmsError, type SmsProvider } from './sms-provider.ts';

interface SmsRuNumberStatus {
  status?: string;
  status_code?: number;
  status_text?: string;
  sms_id?: string;
}
interface SmsRuAnswer extends SmsRuNumberStatus {
  sms?: Record<string, SmsRuNumberStatus>;
  balance?: number;
}

export function createSmsRuProvider(options: { apiKey: string; baseUrl: string; sender?: string | undefined; timeoutMs?: number }): SmsProvider {
  const url = `${options.baseUrl.replace(/\/$/, '')}/sms/send`;
  return {
    name: 'smsru',
    async send(phone, text) {
      const to = phone.replace(/\D/g, '');
      const form = new URLSearchParams({ api_id: options.apiKey, to, msg: text, json: '1' });
      if (options.sender) form.set('from', options.sender);
      let res: Response;
      try {
        res = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
      } catch (err) {
        throw new SmsError(`SMS.ru unreachable: ${(err as Error).message}`);
      }
      if (!res.ok) throw new SmsError(`SMS.ru answered HTTP ${res.status}`, res.status);
      let answer: SmsRuAnswer;
      try {
        answer = (await res.json()) as SmsRuAnswer;
      } catch {
        throw new SmsError('SMS.ru answered with something other than JSON');
      }
      if (answer.status !== 'OK') throw new SmsError(`SMS.ru refused the request: ${answer.status_text ?? answer.status_code}`, answer.status_code);
      const number = answer.sms?.[to];
      if (!number || number.status !== 'OK') {
        throw new SmsError(`SMS.ru did not accept the message: ${number?.status_text ?? number?.status_code ?? 'no status for the number'}`, number?.status_code);
      }
    },
  };
}
