// The SMS.ru adapter against a local server speaking SMS.ru's documented format.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmsRu } from '../../test/fake-smsru.ts';
import { SmsError } from './sms.ts';
import { createSmsRuProvider } from './smsru.ts';

let fake: Awaited<ReturnType<typeof startFakeSmsRu>>;
beforeAll(async () => {
  fake = await startFakeSmsRu('key-1');
});
afterAll(() => fake.close());

describe('SMS.ru adapter', () => {
  it('posts api_id, to (digits only), msg, json=1 and the sender, and accepts status OK', async () => {
    const provider = createSmsRuProvider({ apiKey: 'key-1', baseUrl: fake.url, sender: 'Tracker' });
    await provider.send('+79123456789', 'Код 123456');
    expect(fake.calls.at(-1)).toEqual({ api_id: 'key-1', to: '79123456789', msg: 'Код 123456', json: '1', from: 'Tracker' });
  });

  it('fails on a request-level error (wrong api_id)', async () => {
    const provider = createSmsRuProvider({ apiKey: 'wrong', baseUrl: fake.url });
    await expect(provider.send('+79123456789', 'x')).rejects.toMatchObject({ name: 'SmsError', providerCode: 200 });
  });

  it('fails when the number was not accepted, on HTTP errors and on non-JSON answers', async () => {
    const provider = createSmsRuProvider({ apiKey: 'key-1', baseUrl: fake.url });
    fake.answerNext((c) => ({ status: 200, body: JSON.stringify({ status: 'OK', status_code: 100, sms: { [c.to]: { status: 'ERROR', status_code: 207, status_text: 'На этот номер нельзя отправлять' } } }) }));
    await expect(provider.send('+79123456789', 'x')).rejects.toMatchObject({ providerCode: 207 });
    fake.answerNext(() => ({ status: 503, body: 'busy' }));
    await expect(provider.send('+79123456789', 'x')).rejects.toBeInstanceOf(SmsError);
    fake.answerNext(() => ({ status: 200, body: '100\n000000-1' }));
    await expect(provider.send('+79123456789', 'x')).rejects.toThrow(/other than JSON/);
  });

  it('fails when SMS.ru cannot be reached', async () => {
    const provider = createSmsRuProvider({ apiKey: 'key-1', baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(provider.send('+79123456789', 'x')).rejects.toThrow(/unreachable/);
  });
});
