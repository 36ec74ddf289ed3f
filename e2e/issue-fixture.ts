// What the issue-page journeys share (issue-detail.e2e.ts, issue-custom-fields.e2e.ts): an owner
// signed in (Moscow time, Russian), a teammate to mention and assign, and a project of their own.
import type { Browser, BrowserContext } from 'playwright-core';
import { api, launchBrowser, newContext, registerIn, uniqueEmail, uniqueKey, uniqueLetters } from './browser.ts';

export const TZ = 'Europe/Moscow';

export interface IssueJson {
  id: number;
  key: string;
  title: string;
  dueDate: string | null;
  priority: string;
  assignee: { id: number } | null;
  labelIds: number[];
  statusId: number;
  watchers: { id: number }[];
  customValues: Record<string, unknown>;
  attachments: { id: number; url: string; fileName: string }[];
}

export interface IssueFixture {
  browser: Browser;
  owner: BrowserContext;
  mate: { id: number };
  mateHandle: string;
  mateName: string;
  /** Letters of the time, unique per run: names made here never meet another spec's. */
  stamp: string;
  project: { id: number; key: string };
  getIssue: (ref: string | number) => Promise<IssueJson>;
  close: () => Promise<void>;
}

export async function issueFixture(name: string): Promise<IssueFixture> {
  const stamp = uniqueLetters(6).toLowerCase();
  // A project key nobody else uses: letters of the time in base 26.
  const key = uniqueKey('ID');
  const mateHandle = `mira${stamp}`;
  const mateName = `Mira${stamp} Tester`;
  const browser = await launchBrowser();
  const owner = await newContext(browser, { timezoneId: TZ, locale: 'ru-RU' });
  await registerIn(owner, uniqueEmail('owner'), 'Owner Person');
  const mateContext = await newContext(browser);
  const mate = await registerIn(mateContext, `${mateHandle}@e2e.test`, mateName);
  await mateContext.close();
  const { project } = await api<{ project: { id: number; key: string } }>(owner, 'post', '/api/projects', { key, name: `${name} ${stamp}` });
  await api(owner, 'put', `/api/projects/${project.id}/members/${mate.id}`, { role: 'member' });
  return {
    browser,
    owner,
    mate,
    mateHandle,
    mateName,
    stamp,
    project,
    getIssue: (ref) => api<{ issue: IssueJson }>(owner, 'get', `/api/issues/${ref}`).then((r) => r.issue),
    close: async () => {
      await owner.close();
      await browser.close();
    },
  };
}
