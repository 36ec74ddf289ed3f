// A webhook receiver on loopback for the webhook tests (not a test file itself): it records every
// request and answers by path — `/ok` 200, `/fail` 500, `/redirect` 302, `/hang` never.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: any;
}

/** The receiver side of docs/webhooks.md: the signature is valid for this body and secret. */
export function verifySignature(header: string | undefined, body: string, secret: string): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  if (!parts.t || !parts.v1 || !/^\d+$/.test(parts.t)) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startReceiver() {
  const received: Received[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body, json: body ? JSON.parse(body) : null });
      if (path.startsWith('/hang')) return void hanging.push(res);
      if (path.startsWith('/fail')) return void res.writeHead(500).end('receiver is down');
      if (path.startsWith('/redirect')) return void res.writeHead(302, { location: 'http://127.0.0.1/' }).end();
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`ok ${'x'.repeat(3000)}`);
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
