// Helpers shared by the project and issue integration tests (not a test file itself).
import { uniqueEmail, type TestClient, type TestServer } from '../../test/harness.ts';

export interface TestUser {
  id: number;
  name: string;
  email: string;
  client: TestClient;
}

/** Registers a user through the real API (rate-limit counters cleared first) and returns their signed-in client. */
export async function signUp(t: TestServer, options: { name?: string; email?: string; admin?: boolean; locale?: 'ru' | 'en' } = {}): Promise<TestUser> {
  await t.sql('delete from rate_limits');
  const client = t.client();
  const email = options.email ?? uniqueEmail('u');
  const name = options.name ?? `User ${email.slice(0, 8)}`;
  const res = await client.post('/api/auth/register', { email, password: 'pass-word-123', name, locale: options.locale ?? 'ru' });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.user.id as number;
  if (options.admin) await t.sql(`update users set roles = '{admin}' where id = ?`, [id]);
  return { id, name, email, client };
}

let keySeq = 0;
/** A fresh project key: two or more capital letters. */
export function uniqueKey(prefix = 'P'): string {
  keySeq += 1;
  let n = keySeq + Math.floor(Math.random() * 1000) * 100;
  let suffix = '';
  do {
    suffix = String.fromCharCode(65 + (n % 26)) + suffix;
    n = Math.floor(n / 26);
  } while (n > 0);
  return (prefix + suffix).slice(0, 10).padEnd(2, 'X');
}

export async function createProject(owner: TestUser, body: Record<string, unknown> = {}) {
  const res = await owner.client.post('/api/projects', { key: uniqueKey(), name: 'Project', ...body });
  if (res.status !== 201) throw new Error(`create project failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { project: { id: number; key: string }; statuses: { id: number; category: string; name: string }[]; labels: { id: number; name: string }[] };
}

export async function addMember(owner: TestUser, projectId: number, user: TestUser, role: 'owner' | 'member' | 'viewer') {
  const res = await owner.client.request('PUT', `/api/projects/${projectId}/members/${user.id}`, { json: { role } });
  if (res.status !== 200) throw new Error(`add member failed: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function createIssue(user: TestUser, projectId: number, body: Record<string, unknown> = {}) {
  const res = await user.client.post('/api/issues', { projectId, title: 'Issue', ...body });
  if (res.status !== 201) throw new Error(`create issue failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.issue as { id: number; key: string; number: number; statusId: number; [k: string]: unknown };
}

export type TestProject = Awaited<ReturnType<typeof createProject>>;

/**
 * The cast of an access test: an owner's members-only `project` with a member and a viewer in it,
 * and an outsider who owns `other`, a members-only project of their own.
 */
export async function signUpTeam(t: TestServer, locales: { viewer?: 'ru' | 'en' } = {}) {
  const owner = await signUp(t, { name: 'Owner' });
  const member = await signUp(t, { name: 'Member' });
  const viewer = await signUp(t, { name: 'Viewer', locale: locales.viewer });
  const outsider = await signUp(t, { name: 'Outsider' });
  const project = await createProject(owner, { visibility: 'members' });
  const other = await createProject(outsider, { visibility: 'members' });
  await addMember(owner, project.project.id, member, 'member');
  await addMember(owner, project.project.id, viewer, 'viewer');
  return { owner, member, viewer, outsider, project, other };
}
