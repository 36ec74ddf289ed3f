import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, guardedLookup, isPublicAddress, RefusedAddress, type Resolver } from './url-guard.ts';

const rules = { httpsOnly: false, allowedHosts: ['hooks.internal', '10.0.0.5'] };

describe('webhook address rule', () => {
  it.each([
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::7f00:1', false],
    ['not-an-ip', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  const refusal = (p: Promise<unknown>) => p.then(() => null, (err: unknown) => (err instanceof RefusedAddress ? err.refusal : err));

  it('checks the URL: scheme, https in production, credentials, every resolved address, the allow-list as written', async () => {
    const resolve: Resolver = async (host) => (host === 'mixed.example' ? [{ address: '8.8.8.8', family: 4 }, { address: '10.0.0.1', family: 4 }] : [{ address: '10.0.0.9', family: 4 }]);
    expect(await refusal(checkWebhookUrl('https://8.8.8.8/x', rules, resolve))).toBeNull();
    expect(await refusal(checkWebhookUrl('http://8.8.8.8/x', { ...rules, httpsOnly: true }, resolve))).toBe('webhookHttps');
    expect(await refusal(checkWebhookUrl('https://u:p@8.8.8.8/x', rules, resolve))).toBe('webhookCredentials');
    expect(await refusal(checkWebhookUrl('file:///etc/passwd', rules, resolve))).toBe('webhookUrl');
    expect(await refusal(checkWebhookUrl('https://mixed.example/x', rules, resolve))).toBe('webhookPrivateAddress');
    expect(await refusal(checkWebhookUrl('https://hooks.internal/x', rules, resolve))).toBeNull();
    expect(await refusal(checkWebhookUrl('https://10.0.0.5/x', rules, resolve))).toBeNull();
    // Listed by address, a name that resolves to it is still refused: the list matches the URL's host.
    expect(await refusal(checkWebhookUrl('https://other.example/x', { ...rules, allowedHosts: ['10.0.0.9'] }, resolve))).toBe('webhookPrivateAddress');
    expect(await refusal(checkWebhookUrl('https://gone.example/x', rules, async () => Promise.reject(new Error('ENOTFOUND'))))).toBe('webhookUnresolvable');
  });

  it('hands the socket only checked addresses: a name rebound to a private address fails the connection', async () => {
    let answer = '93.184.216.34';
    const lookup = guardedLookup(rules, async () => [{ address: answer, family: 4 }]);
    const resolveWith = (options: object) =>
      new Promise<unknown>((resolve, reject) => lookup('rebind.example', options as never, (err, address, family) => (err ? reject(err) : resolve({ address, family }))));
    expect(await resolveWith({})).toEqual({ address: '93.184.216.34', family: 4 });
    expect(await resolveWith({ all: true })).toEqual({ address: [{ address: '93.184.216.34', family: 4 }], family: undefined });
    answer = '127.0.0.1';
    await expect(resolveWith({})).rejects.toBeInstanceOf(RefusedAddress);
  });
});
