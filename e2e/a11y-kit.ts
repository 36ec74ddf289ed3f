// The accessibility sweeps' shared parts: realistic data for every route, the route table turned into
// addresses, and the axe check that reports what WCAG 2.1 A/AA rules find serious or critical.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ROUTES, type Route } from '@tracker/shared/routes';
import type { AxeResults, RunOptions } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { api, uniqueKey, uniqueLetters, until } from './browser.ts';
import { settled } from './layout-fit.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The rules whose outcome depends on the colours: all a change of palette can break. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core over WCAG 2.1 A/AA (or only `rules`) in `page`, on the whole document or the part `include`
 * selects. axe is loaded once per document and kept: @axe-core/playwright's builder loaded its 550 KB
 * again for every check and asked every frame for results, 430 ms a check against 150 ms, and the
 * sweeps run about 300 checks. Only violations come back (the passes' node lists were most of each
 * answer); our pages have no frames of their own to check.
 */
export async function axeRun(page: Page, { include, rules }: { include?: string; rules?: readonly string[] } = {}): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { runOnly: rules ? { type: 'rule', values: [...rules] } : { type: 'tag', values: TAGS }, resultTypes: ['violations'], iframes: false };
  return page.evaluate(
    ({ include, options }) => (window as unknown as { axe: typeof import('axe-core') }).axe.run(include ? { include: [include] } : document, options),
    { include, options },
  );
}

/** Serious and critical violations on the page as it is now, each as `label: rule: targets`. */
export async function axeProblems(page: Page, label: string, only?: readonly string[]): Promise<string[]> {
  // A colour caught mid-transition (a theme switch, the role colours arriving) is not the page's colour.
  await until(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length), (n) => n === 0, `the animations of ${label} to end`);
  const result = await axeRun(page, { rules: only });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ') + contrastOf(n.any)).join(', ')}`);
}

/** A contrast failure's colours, to tell a wrong colour from a page caught half-drawn. */
function contrastOf(checks: { data?: unknown }[]): string {
  const data = checks.find((c) => (c.data as { contrastRatio?: number } | undefined)?.contrastRatio !== undefined)?.data as { fgColor: string; bgColor: string; contrastRatio: number } | undefined;
  return data ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
}

/** Waits until the page shows `testId` with its data in (no API request in flight). */
export async function loaded(page: Page, testId: string): Promise<void> {
  // A bound, not a wait: generous, since the sweeps load many pages at once on a busy machine.
  await page.getByTestId(testId).waitFor({ timeout: 30_000 });
  await settled(page);
}

export type Ids = Record<'project' | 'projectId' | 'issue' | 'stream' | 'importId' | 'user' | 'cycle' | 'milestone', string> & Partial<Record<'field' | 'post' | 'postId' | 'invite', string>>;

/** An invite link's token for the project `projectId` of the owner signed in on `context`. */
export async function inviteToken(context: BrowserContext, projectId: number | string): Promise<string> {
  const { url } = await api<{ url: string }>(context, 'post', `/api/projects/${projectId}/invites`, { kind: 'link' });
  return url.split('/').pop()!;
}

const DESCRIPTION = 'Some **markdown** with `code`, a [link](https://example.com) and a list:\n\n- [ ] to do\n- [x] done\n\n```ts\nconst answer = 42;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |';

/**
 * What the signed-in person of `context` works with, made by them: a project with a label and Triage on, an issue
 * with a description, a comment and an attachment, a stream with an update, an import (a dry run);
 * an admin also gets a custom field and a published blog post.
 */
export async function seed(context: BrowserContext, userId: number, admin = false): Promise<Ids> {
  const key = uniqueKey('AX', 8);
  const { project } = await api<{ project: { id: number; key: string } }>(context, 'post', '/api/projects', { key, name: 'Accessible' });
  const { label } = await api<{ label: { id: number } }>(context, 'post', `/api/projects/${project.id}/labels`, { name: 'regression', color: '#b91c1c' });
  const { stream } = await api<{ stream: { id: number } }>(context, 'post', '/api/streams', { name: 'Accessible stream', startDate: '2026-11-01', targetDate: '2026-12-20' });
  await api(context, 'post', `/api/streams/${stream.id}/updates`, { body: 'On track', health: 'at_risk' });
  const { issue } = await api<{ issue: { id: number; key: string } }>(context, 'post', '/api/issues', { projectId: project.id, title: 'Check the contrast', description: DESCRIPTION, priority: 'high', assigneeId: userId, labelIds: [label.id], streamIds: [stream.id], dueDate: '2026-11-26' });
  await api(context, 'post', '/api/issues', { projectId: project.id, title: 'A second issue', priority: 'low' });
  // Triage on, with an issue waiting there (its tab is one of the targets).
  const { status: triage } = await api<{ status: { id: number } }>(context, 'post', `/api/projects/${project.id}/statuses`, { name: 'Triage', category: 'triage' });
  await api(context, 'post', '/api/issues', { projectId: project.id, title: 'Reported in the team chat', statusId: triage.id });
  await api(context, 'post', `/api/issues/${issue.id}/comments`, { body: 'A comment with `code` and https://example.com' });
  const file = await context.request.post(`/api/issues/${issue.id}/attachments`, { data: Buffer.from('log line\n'), headers: { 'content-type': 'text/plain', 'x-file-name': 'log.txt' } });
  if (!file.ok()) throw new Error(`attachment: ${file.status()} ${await file.text()}`);
  const run = await context.request.post(`/api/projects/${project.id}/imports`, { multipart: { format: 'csv', dryRun: 'true', file: { name: 'issues.csv', mimeType: 'text/csv', buffer: Buffer.from('Title,Status\nOrder the boxes,Open\n') } } });
  if (!run.ok()) throw new Error(`import: ${run.status()} ${await run.text()}`);
  // A two-week cadence and a milestone, with the issue in both (issue 29).
  const { cycles } = await api<{ cycles: { id: number }[] }>(context, 'put', `/api/projects/${project.id}/cycle-settings`, { weeks: 2, startDay: 1 });
  const { milestone } = await api<{ milestone: { id: number } }>(context, 'post', `/api/projects/${project.id}/milestones`, { name: 'Launch', targetDate: '2026-12-20' });
  await api(context, 'patch', `/api/issues/${issue.id}`, { cycleId: cycles[0]!.id, milestoneId: milestone.id });
  const ids: Ids = {
    project: project.key,
    projectId: String(project.id),
    issue: issue.key,
    stream: String(stream.id),
    importId: String(((await run.json()) as { import: { id: number } }).import.id),
    user: String(userId),
    cycle: String(cycles[0]!.id),
    milestone: String(milestone.id),
  };
  if (!admin) return ids;
  ids.field = String((await api<{ field: { id: number } }>(context, 'post', '/api/admin/custom-fields', { type: 'text', name: { ru: 'Поле', en: 'Field' } })).field.id);
  Object.assign(ids, await publishPost(context));
  return ids;
}

/** A published blog post in both languages (by the admin of `context`). */
export async function publishPost(context: BrowserContext): Promise<{ post: string; postId: string }> {
  const { post } = await api<{ post: { id: number; slug: string } }>(context, 'post', '/api/admin/blog/posts', { slug: `a11y-${uniqueLetters(6).toLowerCase()}`, tags: ['news'], status: 'published', versions: { ru: { title: 'Запись', excerpt: 'Коротко', body: '# Заголовок\n\nТекст со [ссылкой](https://example.com)' }, en: { title: 'A post', excerpt: 'In short', body: '# Heading\n\nText with a [link](https://example.com)' } } });
  return { post: post.slug, postId: String(post.id) };
}

/**
 * Checks the page in the light scheme with every rule, then switches it to dark (as the system
 * setting does, live) and checks what colours decide. The page is left light again.
 */
export async function bothSchemes(page: Page, label: string): Promise<string[]> {
  const problems = await axeProblems(page, `${label} (light)`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.locator('html[data-color-mode="dark"]').waitFor({ state: 'attached' });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
  problems.push(...(await axeProblems(page, `${label} (dark)`, COLOUR_RULES)));
  await page.emulateMedia({ colorScheme: 'light' });
  return problems;
}

export interface Target {
  url: string;
  testId: string;
  /** The route it shows (a view behind a query shows its route too). */
  route: string;
}

const PARAMS: Record<string, (ids: Ids) => string | undefined> = {
  issue: (ids) => ids.issue,
  issueEdit: (ids) => ids.issue,
  stream: (ids) => ids.stream,
  cycle: (ids) => ids.cycle,
  milestone: (ids) => ids.milestone,
  customFieldEdit: (ids) => ids.field,
  adminPostEdit: (ids) => ids.postId,
};

/** The address of `route` with the seeded records in it, in `lang`. */
export function routeUrl(route: Route, ids: Ids, lang: 'ru' | 'en'): string {
  const id = PARAMS[route.name]?.(ids) ?? (route.name.startsWith('project') ? ids.project : ids.user);
  const path = route.path.replace(':slug', ids.post ?? 'none').replace(':importId', ids.importId).replace(':token', ids.invite ?? 'none').replace(':id', id);
  return lang === 'ru' ? path : path === '/' ? '/en' : `/en${path}`;
}

/** Signed in, the home route is My work; otherwise a page's test id is its route's name. */
export const testIdOf = (route: Route, signedIn: boolean) => (route.name === 'home' && signedIn ? 'page-myWork' : `page-${route.name}`);

/** Every route of `access` as a target (languages alternate), plus the wide views behind a query. */
export function targets(access: Route['access'], ids: Ids, signedIn = true): Target[] {
  const list = ROUTES.filter((r) => r.access === access).map((route, i) => ({ url: routeUrl(route, ids, i % 2 ? 'en' : 'ru'), testId: testIdOf(route, signedIn), route: route.name }));
  if (access !== 'private') return list;
  return [
    ...list,
    { url: `/en/issues?layout=board&project=${ids.projectId}`, testId: 'issue-board', route: 'issues' },
    { url: '/issues?group=status', testId: 'page-issues', route: 'issues' },
    { url: `/en/projects/${ids.project}?tab=triage`, testId: 'triage-list', route: 'project' },
    { url: '/en/calendar?view=month&date=2026-11-26', testId: 'cal-grid', route: 'calendar' },
  ];
}
