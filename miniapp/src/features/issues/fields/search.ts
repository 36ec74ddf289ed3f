// The searches behind the people and issue pickers, as picker options.
import { issueApi, lookupApi } from '../../../lib/api/issue-detail.ts';

export async function findPeople(q: string) {
  const users = await lookupApi.users(q);
  return users.map((u) => ({ id: u.id, text: u.name, user: u }));
}

export async function findIssues(q: string, excludeId?: number) {
  const found = await issueApi.search(q);
  return found.issues.filter((i) => i.id !== excludeId).map((i) => ({ id: i.id, text: i.title, hint: i.key, issueId: i.id, key: i.key, title: i.title }));
}

export type IssueRefItem = Awaited<ReturnType<typeof findIssues>>[number];
