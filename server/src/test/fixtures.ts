// Fixture rows inserted with SQL, so module tests do not depend on other modules' write routes.
import type { StatusCategory } from '@tracker/shared/api/projects';
import { uniqueEmail, type TestClient, type TestServer } from './harness.ts';

export interface TestUser {
  id: number;
  email: string;
  client: TestClient;
}

/** Registers a user through the API (the client is signed in). `admin` grants the global role. */
export async function createUser(t: TestServer, options: { name?: string; admin?: boolean } = {}): Promise<TestUser> {
  const client = t.client();
  const email = uniqueEmail(options.admin ? 'admin' : 'user');
  const id = await signIn(t, client, email, options.name);
  if (options.admin) await t.sql(`update users set roles = '{admin}' where id = ?`, [id]);
  return { id, email, client };
}

/** Registers `email` on this client (signing it in) and returns the new user's id. */
export async function signIn(t: TestServer, client: TestClient, email: string, name = 'Test User'): Promise<number> {
  // Registration is rate-limited per IP; every test user comes from 127.0.0.1.
  await t.sql(`delete from rate_limits where key like 'register:%'`);
  const res = await client.post('/api/auth/register', { email, password: 'correct horse', name });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.user.id as number;
}

export interface TestProject {
  id: number;
  key: string;
  statuses: Record<StatusCategory, number>;
}

let keyCounter = 0;
const nextKey = () => {
  keyCounter += 1;
  let n = keyCounter;
  let s = '';
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `P${s.padStart(2, 'A')}`;
};

/** A project with one status of each category and its owner as a member. */
export async function createProject(
  t: TestServer,
  options: { ownerId: number; key?: string; visibility?: 'members' | 'all'; members?: { userId: number; role: 'owner' | 'member' | 'viewer' }[] },
): Promise<TestProject> {
  const key = options.key ?? nextKey();
  const [project] = await t.sql<{ id: number }>(`insert into projects (key, name, lead_id, visibility) values (?, ?, ?, ?) returning id`, [
    key,
    `Project ${key}`,
    options.ownerId,
    options.visibility ?? 'members',
  ]);
  const id = project!.id;
  const statuses = {} as Record<StatusCategory, number>;
  const categories: StatusCategory[] = ['backlog', 'unstarted', 'started', 'completed', 'canceled'];
  for (const [position, category] of categories.entries()) {
    const [row] = await t.sql<{ id: number }>(`insert into statuses (project_id, name, category, position) values (?, ?, ?, ?) returning id`, [
      id,
      category[0]!.toUpperCase() + category.slice(1),
      category,
      position,
    ]);
    statuses[category] = row!.id;
  }
  await t.sql(`insert into project_members (project_id, user_id, role) values (?, ?, 'owner')`, [id, options.ownerId]);
  for (const m of options.members ?? []) await t.sql(`insert into project_members (project_id, user_id, role) values (?, ?, ?)`, [id, m.userId, m.role]);
  return { id, key, statuses };
}

export interface TestIssue {
  id: number;
  key: string;
  number: number;
}

/** An issue in a project (next number), optionally in streams. */
export async function createIssue(
  t: TestServer,
  project: TestProject,
  options: {
    title?: string;
    category?: StatusCategory;
    assigneeId?: number | null;
    reporterId?: number | null;
    startDate?: string | null;
    dueDate?: string | null;
    estimate?: number | null;
    streamIds?: number[];
    customValues?: Record<string, unknown>;
  } = {},
): Promise<TestIssue> {
  const [counter] = await t.sql<{ n: number }>(`update projects set issue_counter = issue_counter + 1 where id = ? returning issue_counter as n`, [project.id]);
  const number = counter!.n;
  const category = options.category ?? 'unstarted';
  const [row] = await t.sql<{ id: number }>(
    `insert into issues (project_id, number, title, status_id, assignee_id, reporter_id, start_date, due_date, estimate, custom_values, completed_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ${category === 'completed' ? 'now()' : 'null'}) returning id`,
    [
      project.id,
      number,
      options.title ?? `Issue ${number}`,
      project.statuses[category],
      options.assigneeId ?? null,
      options.reporterId ?? null,
      options.startDate ?? null,
      options.dueDate ?? null,
      options.estimate ?? null,
      JSON.stringify(options.customValues ?? {}),
    ],
  );
  for (const streamId of options.streamIds ?? []) await t.sql(`insert into issue_streams (issue_id, stream_id) values (?, ?)`, [row!.id, streamId]);
  return { id: row!.id, key: `${project.key}-${number}`, number };
}
