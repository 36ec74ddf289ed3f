// Invites to a project (issue 26) through the real API and real SMTP: owners make, list and revoke
// them; an e-mail invite arrives and admits one person; a link admits as many as it allows, even when
// they all press at once; expired, revoked and used-up invites are refused in the reader's language;
// joining is recorded in the project's activity.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, uniqueEmail, type TestServer } from '../../test/harness.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { addMember, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let owner: TestUser;
let member: TestUser;
let project: { id: number; key: string };

const tokenOf = (url: string) => /\/invite\/([\w-]{32})$/.exec(url)![1]!;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://tracker.example.org', TELEGRAM_BOT_USERNAME: 'tracker_test_bot' });
  owner = await signUp(t, { name: 'Ivan Owner' });
  member = await signUp(t, { name: 'Emma Member', locale: 'en' });
  project = (await createProject(owner, { name: 'Сайт' })).project;
  await addMember(owner, project.id, member, 'member');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('invites', () => {
  it('are made, listed and revoked by owners only; a member is refused', async () => {
    const created = await owner.client.post(`/api/projects/${project.id}/invites`, { kind: 'link', role: 'member', expiresInDays: 3, maxUses: 2 });
    expect(created.status).toBe(201);
    expect(created.body.url).toMatch(/^https:\/\/tracker\.example\.org\/invite\/[\w-]{32}$/);
    expect(created.body.telegramUrl).toBe(`https://t.me/tracker_test_bot?start=join_${tokenOf(created.body.url)}`);
    expect(created.body.invite).toMatchObject({ kind: 'link', role: 'member', maxUses: 2, uses: 0, createdBy: { id: owner.id, name: 'Ivan Owner' } });

    expect((await member.client.post(`/api/projects/${project.id}/invites`, { kind: 'link' })).status).toBe(403);
    expect((await member.client.get(`/api/projects/${project.id}/invites`)).status).toBe(403);
    const listed = await owner.client.get(`/api/projects/${project.id}/invites`);
    expect(listed.body.invites.map((i: { id: number }) => i.id)).toContain(created.body.invite.id);

    expect((await owner.client.request('DELETE', `/api/projects/${project.id}/invites/${created.body.invite.id}`)).status).toBe(204);
    expect((await owner.client.get(`/api/projects/${project.id}/invites`)).body.invites.map((i: { id: number }) => i.id)).not.toContain(created.body.invite.id);
    const anonymous = t.client();
    const refused = await anonymous.get(`/api/invites/${tokenOf(created.body.url)}`);
    expect(refused.status).toBe(409);
    expect(refused.body.statusMessage).toBe('Владелец проекта отозвал это приглашение');
  });

  it('refuse bad input with field errors and change nothing', async () => {
    for (const body of [{ kind: 'email', email: 'not-an-address' }, { kind: 'link', expiresInDays: 0 }, { kind: 'link', maxUses: 0 }, { kind: 'sms' }, { kind: 'link', role: 'admin' }, 'x', null]) {
      const res = await owner.client.post(`/api/projects/${project.id}/invites`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.client().get('/api/invites/short')).status).toBe(400);
    expect((await t.client().get(`/api/invites/${'a'.repeat(32)}`)).status).toBe(404);
  });

  it('by e-mail arrives in the inviter’s language and admits one person, recorded in the activity', async () => {
    const email = uniqueEmail('invited');
    const created = await owner.client.post(`/api/projects/${project.id}/invites`, { kind: 'email', email });
    expect(created.body.invite).toMatchObject({ kind: 'email', email, maxUses: 1 });
    const mail = await smtp.waitFor(email);
    expect(mail.decoded).toContain('Ivan Owner приглашает вас в «Сайт» в Трекере');
    expect(mail.decoded).toContain('Приглашение действует 7 дней и один раз.');
    expect(mail.decoded).toContain(created.body.url);

    const invited = await signUp(t, { email, name: 'Invited' });
    const token = tokenOf(created.body.url);
    const preview = await invited.client.get(`/api/invites/${token}`);
    expect(preview.body).toMatchObject({ project: { id: project.id, name: 'Сайт' }, role: 'member', invitedBy: 'Ivan Owner', member: false });
    const accepted = await invited.client.post(`/api/invites/${token}/accept`);
    expect(accepted.body).toEqual({ project: { id: project.id, key: project.key, name: 'Сайт' }, joined: true });
    expect((await invited.client.get(`/api/projects/${project.key}`)).status).toBe(200);
    // Again: already a member, nothing taken; someone else: used up, in their language.
    expect((await invited.client.post(`/api/invites/${token}/accept`)).body.joined).toBe(false);
    const late = await member.client.post(`/api/invites/${token}/accept`);
    expect(late.body.joined).toBe(false);
    const stranger = await signUp(t, { locale: 'en' });
    const refused = await stranger.client.request('POST', `/api/invites/${token}/accept`, { headers: { 'accept-language': 'en' } });
    expect(refused.status).toBe(409);
    expect(refused.body.statusMessage).toBe('This invite has been used as many times as it allows: ask the project’s owner for a new one');

    const activity = (await owner.client.get(`/api/projects/${project.id}/activity`)).body.activity as { action: string; actor: { id: number }; newValue: unknown }[];
    expect(activity.find((a) => a.action === 'member.joined')).toMatchObject({ actor: { id: invited.id }, newValue: { role: 'member', via: 'email' } });
  });

  it('as a link admits exactly as many people as it allows, however many join at once', async () => {
    const created = await owner.client.post(`/api/projects/${project.id}/invites`, { kind: 'link', role: 'viewer', maxUses: 3 });
    const token = tokenOf(created.body.url);
    const people = await Promise.all(Array.from({ length: 6 }, (_, i) => signUp(t, { name: `Joiner ${i}` })));
    const answers = await Promise.all(people.map((p) => p.client.post(`/api/invites/${token}/accept`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    const [row] = await t.sql<{ uses: number; members: number }>(
      `select i.uses, (select count(*)::int from project_members m where m.project_id = i.project_id and m.role = 'viewer') as members from project_invites i where i.id = ?`,
      [created.body.invite.id],
    );
    expect(row).toEqual({ uses: 3, members: 3 });
  });

  it('past its expiry is refused', async () => {
    const created = await owner.client.post(`/api/projects/${project.id}/invites`, { kind: 'link' });
    await t.sql(`update project_invites set expires_at = now() - interval '1 second' where id = ?`, [created.body.invite.id]);
    const res = await (await signUp(t)).client.post(`/api/invites/${tokenOf(created.body.url)}/accept`);
    expect(res.status).toBe(409);
    expect(res.body.statusMessage).toBe('Срок приглашения истёк: попросите у владельца проекта новое');
  });
});

describe('a new project checklist', () => {
  it('ticks each first step from what happened; only the project’s people may read it', async () => {
    const lead = await signUp(t, { name: 'Olga Lead' });
    const fresh = (await createProject(lead, { name: 'Новый' })).project;
    const steps = async () => (await lead.client.get(`/api/projects/${fresh.id}/checklist`)).body;
    expect(await steps()).toEqual({ invite: false, telegram: false, group: false, issue: false });

    expect((await lead.client.post(`/api/projects/${fresh.id}/invites`, { kind: 'link' })).status).toBe(201);
    expect((await lead.client.post('/api/issues', { projectId: fresh.id, title: 'Первая задача' })).status).toBe(201);
    await t.sql('insert into telegram_chat_links (chat_id, thread_id, project_id, created_by) values (?, 0, ?, ?)', [-100_500_000_000 - fresh.id, fresh.id, lead.id]);
    await t.sql('insert into telegram_accounts (telegram_id, user_id, first_name) values (?, ?, ?)', [900_000_000 + lead.id, lead.id, 'Olga']);
    expect(await steps()).toEqual({ invite: true, telegram: true, group: true, issue: true });

    expect((await member.client.get(`/api/projects/${fresh.id}/checklist`)).status).toBe(404);
    expect((await t.client().get(`/api/projects/${fresh.id}/checklist`)).status).toBe(401);
  });
});
