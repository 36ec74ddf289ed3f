import { describe, expect, it } from 'vitest';
import { allowedUrl, checkWebhookUrl, guardedLookup, isPublicAddress, parseAllowedHosts, RefusedAddress, urlRules, type Resolver } from './url-guard.ts';

const rules = urlRules(false, ['hooks.internal', '10.0.0.5']);

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
    ['::ffff:7f00:1', false],
    ['0:0:0:0:0:ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    // IPv4-compatible (::/96), deprecated: never a target, whatever it embeds.
    ['::7f00:1', false],
    ['::127.0.0.1', false],
    ['::a00:1', false],
    ['::8.8.8.8', false],
    ['::2', false],
    ['0:0:0:0:0:0:0:1', false],
    ['::ffff:0:7f00:1', false],
    ['64:ff9b::7f00:1', false],
    ['64:ff9b::a00:1', false],
    ['64:ff9b:1::a00:1', false],
    ['2002:7f00:1::1', false],
    ['2002:c0a8:101::1', false],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false],
    ['2001:db8::1', false],
    ['fd12:3456::1', false],
    ['febf::1', false],
    ['fec0::1', false],
    ['100::1', false],
    ['5f00::1', false],
    ['127.1', false],
    ['0x7f.1', false],
    ['2130706433', false],
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
    expect(await refusal(checkWebhookUrl('https://other.example/x', urlRules(false, ['10.0.0.9']), resolve))).toBe('webhookPrivateAddress');
    // A bare host is listed for the scheme's default port only.
    expect(await refusal(checkWebhookUrl('https://10.0.0.5:22/x', rules, resolve))).toBe('webhookPrivateAddress');
    expect(await refusal(checkWebhookUrl('http://hooks.internal:6379/x', rules, resolve))).toBe('webhookPrivateAddress');
    expect(await refusal(checkWebhookUrl('http://[::7f00:1]/', rules, resolve))).toBe('webhookPrivateAddress');
    expect(await refusal(checkWebhookUrl('http://[::ffff:127.0.0.1]/', rules, resolve))).toBe('webhookPrivateAddress');
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

describe('WEBHOOK_ALLOWED_HOSTS', () => {
  it('reads host:port, host:* and bare hosts, IPv6 in brackets, and refuses anything else', () => {
    expect(parseAllowedHosts(['Hooks.Internal:8443', '10.0.0.5', '127.0.0.1:*', '[FD00::5]:9000', '[::1]', 'fd00::6', '127.1:80'])).toEqual([
      { host: 'hooks.internal', port: 8443 },
      { host: '10.0.0.5', port: null },
      { host: '127.0.0.1', port: '*' },
      { host: 'fd00::5', port: 9000 },
      { host: '::1', port: null },
      { host: 'fd00::6', port: null },
      { host: '127.0.0.1', port: 80 },
    ]);
    for (const bad of ['host:0', 'host:65536', 'host:http', 'user@host', 'http://host', '[::1]:x', ':80']) expect(() => parseAllowedHosts([bad]), bad).toThrow(/WEBHOOK_ALLOWED_HOSTS/);
  });

  it('allows a listed port only; a bare host on 80 and 443 only', () => {
    const listed = urlRules(false, ['hooks.internal:8443', '10.0.0.5', '127.0.0.1:*', '[fd00::5]:9000']);
    const allowed = (url: string) => allowedUrl(new URL(url), listed);
    expect(allowed('https://hooks.internal:8443/x')).toBe(true);
    expect(allowed('https://hooks.internal/x')).toBe(false);
    expect(allowed('http://hooks.internal:8444/x')).toBe(false);
    expect(allowed('http://10.0.0.5/x')).toBe(true);
    expect(allowed('https://10.0.0.5/x')).toBe(true);
    expect(allowed('http://10.0.0.5:443/x')).toBe(false);
    expect(allowed('http://10.0.0.5:8080/x')).toBe(false);
    expect(allowed('http://127.0.0.1:41234/x')).toBe(true);
    expect(allowed('http://[fd00:0::5]:9000/x')).toBe(true);
    expect(allowed('http://[fd00::5]:9001/x')).toBe(false);
  });
});
