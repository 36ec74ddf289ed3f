// Failing webhook deliveries over real HTTP (issue 17, "Bad input"): a failure is retried later with
// back-off, never at once; a receiver that does not answer in time fails the attempt; an address
// refused after DNS resolution is never connected to; 50 failures in a row switch the webhook off
// and its owner hears of it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery, Webhook } from '@tracker/shared/api/webhooks';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { decodeMail } from '../../test/smtp.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';
import { startReceiver } from './test-receiver.ts';

const TIMEOUT_MS = 1000;
let t: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let owner: TestUser;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestServer({ WEBHOOK_ALLOWED_HOSTS: new URL(receiver.url('/')).host, WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) });
  owner = await signUp(t, { name: 'Oleg Owner', locale: 'en' });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

async function webhookTo(url: string, events = ['issue.created']): Promise<{ hook: Webhook; projectId: number }> {
  const { project } = await createProject(owner, { name: 'Failing' });
  const res = await owner.client.post(`/api/projects/${project.id}/webhooks`, { url, events });
  expect(res.status).toBe(201);
  return { hook: res.body.webhook, projectId: project.id };
}

const deliveries = async (hookId: number): Promise<Delivery[]> => (await owner.client.get(`/api/webhooks/${hookId}/deliveries?limit=100`)).body.deliveries;
/** The first delivery of the webhook once `ready` holds for it. */
const deliveryWhen = (hookId: number, what: string, ready: (d: Delivery) => boolean) =>
  waitUntil(what, async () => (await deliveries(hookId)).find(ready), { state: async () => deliveries(hookId) }).then((d) => d!);
const jobOf = async (deliveryId: number) =>
  (await t.sql<{ id: string; wait: number }>(`select id, extract(epoch from run_at - now())::float8 as wait from graphile_worker.jobs where key = ?`, [`webhooks.deliver:${deliveryId}`]))[0];

describe('failing deliveries', () => {
  it('retries a failure later, with a wait that doubles, under the same delivery id', async () => {
    const { hook, projectId } = await webhookTo(receiver.url('/fail'));
    await createIssue(owner, projectId, { title: 'Retry me' });
    const first = await deliveryWhen(hook.id, 'the first failed attempt', (d) => d.attempts === 1);
    expect(first).toMatchObject({ status: 'pending', responseStatus: 500, responseExcerpt: null, error: 'HTTP 500' });
    const job1 = (await waitUntil('the retry job', () => jobOf(first.id)))!;
    expect(job1.wait).toBeGreaterThan(50);
    expect(job1.wait).toBeLessThanOrEqual(60);
    expect(Math.abs(new Date(first.nextRetryAt!).getTime() - Date.now() - job1.wait * 1000)).toBeLessThan(5000);

    await t.sql('select graphile_worker.reschedule_jobs(array[?::bigint], run_at => now())', [job1.id]);
    await deliveryWhen(hook.id, 'the second failed attempt', (d) => d.attempts === 2);
    const job2 = await waitUntil('the second retry job', async () => ((await jobOf(first.id))?.wait ?? 0) > 60 && jobOf(first.id));
    expect(job2 && job2.wait).toBeGreaterThan(110);
    expect(job2 && job2.wait).toBeLessThanOrEqual(120);
    const sent = receiver.received.filter((r) => r.headers['x-tracker-delivery'] === first.deliveryId);
    expect(sent).toHaveLength(2);
  });

  it('fails a redirect instead of following it', async () => {
    const { hook, projectId } = await webhookTo(receiver.url('/redirect'));
    await createIssue(owner, projectId);
    const d = await deliveryWhen(hook.id, 'the redirect answer', (x) => x.attempts === 1);
    expect(d).toMatchObject({ status: 'pending', responseStatus: 302, error: 'redirect (302) not followed' });
  });

  it('fails an attempt that gets no answer in time', async () => {
    const { hook, projectId } = await webhookTo(receiver.url('/hang'));
    await createIssue(owner, projectId);
    const d = await deliveryWhen(hook.id, 'the timed-out attempt', (x) => x.attempts === 1);
    expect(d.error).toBe(`timeout: no complete answer within ${TIMEOUT_MS} ms`);
    expect(d.responseStatus).toBeNull();
    expect(d.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(d.durationMs).toBeLessThan(TIMEOUT_MS * 4);
    expect(d.nextRetryAt).not.toBeNull();
  });

  it.each([
    ['a name that now resolves to loopback', (port: number) => `http://localhost:${port}/ok`, /refused: the host resolves to a private.*localhost/],
    ['a loopback address not listed', (port: number) => `http://127.0.0.2:${port}/ok`, /refused: the host resolves to a private.*127\.0\.0\.2/],
  ])('refuses %s at delivery, without connecting', async (_, url, error) => {
    const { hook, projectId } = await webhookTo(receiver.url('/ok'));
    // As if DNS changed after the webhook was saved (rebinding): the rule runs again at delivery.
    await t.sql('update webhooks set url = ? where id = ?', [url(receiver.port), hook.id]);
    const before = receiver.received.length;
    await createIssue(owner, projectId);
    const d = await deliveryWhen(hook.id, 'the refused attempt', (x) => x.attempts === 1);
    expect(d.error).toMatch(error);
    expect(d.responseStatus).toBeNull();
    expect(receiver.received.slice(before).filter((r) => r.headers['x-tracker-delivery'] === d.deliveryId)).toEqual([]);
  });

  it('switches a webhook off after 50 failed attempts in a row and tells its owner', { timeout: 180_000 }, async () => {
    const { hook, projectId } = await webhookTo(receiver.url('/fail-often'));
    // A success resets the count: 49 failures, then one success, must not switch it off.
    await t.sql('update webhooks set consecutive_failures = 49 where id = ?', [hook.id]);
    await t.sql('update webhooks set url = ? where id = ?', [receiver.url('/ok'), hook.id]);
    await createIssue(owner, projectId);
    await deliveryWhen(hook.id, 'a success', (d) => d.status === 'succeeded');
    expect((await owner.client.get(`/api/projects/${projectId}/webhooks`)).body.webhooks[0].consecutiveFailures).toBe(0);
    await t.sql('update webhooks set url = ? where id = ?', [receiver.url('/fail-often'), hook.id]);

    for (let i = 0; i < 50; i += 1) await createIssue(owner, projectId, { title: `Failing ${i}` });
    const off = await waitUntil(
      'the webhook switched off',
      async () => ((await owner.client.get(`/api/projects/${projectId}/webhooks`)).body.webhooks as Webhook[]).find((w) => !w.enabled),
      { timeout: 150_000, interval: 250 },
    );
    expect(off!.consecutiveFailures).toBe(50);
    expect(off!.disabledReason).toMatch(/^50 failed delivery attempts in a row \(last: HTTP 500\)$/);
    expect(receiver.received.filter((r) => r.path === '/fail-often')).toHaveLength(50);
    expect((await deliveries(hook.id)).filter((d) => d.status === 'pending')).toEqual([]);

    const outbox = path.join(t.config.DATA_DIR, 'outbox');
    const mail = await waitUntil('the owner told by e-mail', () => {
      try {
        return readdirSync(outbox).map((f) => decodeMail(readFileSync(path.join(outbox, f), 'utf8'))).find((m) => m.includes(owner.email) && m.includes('was switched off'));
      } catch {
        return undefined;
      }
    });
    expect(mail).toContain(receiver.url('/fail-often'));
    expect(mail).toContain(`/en/projects/${projectId}/edit`);

    const on = await owner.client.request('PATCH', `/api/webhooks/${hook.id}`, { json: { enabled: true } });
    expect(on.body.webhook).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledAt: null, disabledReason: null });
  });
});
