// Bringing the team in (issue 26): an owner makes an invite link in the project's settings, a person
// without an account opens it, creates one and joins with one press; a used-up link and a revoked
// e-mail invite are refused with a clear message, in the page's language; the new project's checklist
// ticks the invite.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_PASSWORD } from './global-setup.ts';
import { api, launchBrowser, newContext, registerIn, uniqueEmail, uniqueKey, watchErrors } from './browser.ts';

let browser: Browser;
let owner: BrowserContext;
let project: { id: number; key: string; name: string };
beforeAll(async () => {
  browser = await launchBrowser();
  owner = await newContext(browser);
  await registerIn(owner, uniqueEmail('inviter'), 'Ivan Owner');
  project = (await api<{ project: typeof project }>(owner, 'post', '/api/projects', { key: uniqueKey('IV', 8), name: 'Website' })).project;
});
afterAll(async () => {
  await owner?.close();
  await browser?.close();
});

/** The link of the last mail to `email` in the server's outbox (quoted-printable undone). */
function inviteLinkMailedTo(email: string): string {
  const dir = path.join(inject('dataDir'), 'outbox');
  const mail = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().map((f) => readFileSync(path.join(dir, f), 'utf8')).filter((m) => m.includes(`To: ${email}`)).at(-1)!;
  return /https?:\/\/\S+\/invite\/[\w-]{32}/.exec(mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='))![0];
}

describe('invites', () => {
  it('a link made in the settings lets a new person sign up and join; once used up it is refused (en)', async () => {
    // The link is made in the inviter's language.
    await api(owner, 'patch', '/api/user/profile', { locale: 'en' });
    const page = await owner.newPage();
    const errors = watchErrors(page);
    await page.goto(`/en/projects/${project.key}/edit/members`);
    const panel = page.getByTestId('invites-panel');
    await panel.getByTestId('invite-max-uses').fill('1');
    await panel.getByTestId('invite-create-link').click();
    const url = await panel.getByTestId('invite-url').inputValue();
    expect(url).toMatch(new RegExp(`^${inject('baseUrl')}/en/invite/[\\w-]{32}$`));
    await expect.poll(() => panel.getByTestId('invite-row').first().textContent()).toContain('0 of 1 used');

    // Someone with no account opens it, creates one, comes back and joins.
    const guest = await newContext(browser);
    const invited = await guest.newPage();
    const guestErrors = watchErrors(invited);
    await invited.goto(url);
    const offer = invited.getByTestId('invite-offer');
    await offer.getByText('Ivan Owner invites you to join').waitFor();
    expect(await offer.locator('h2').textContent()).toBe(`Website ${project.key}`);
    await offer.getByTestId('invite-register').click();
    await invited.getByTestId('page-register').waitFor();
    await invited.locator('input[name="name"]').fill('Emma Invited');
    await invited.locator('input[name="email"]').fill(uniqueEmail('invited'));
    await invited.locator('input[name="password"]').fill(E2E_PASSWORD);
    await invited.locator('button[type="submit"]').click();
    await invited.getByTestId('invite-join').click();
    await invited.getByTestId('page-project').waitFor();
    expect(new URL(invited.url()).pathname).toBe(`/en/projects/${project.key}`);
    await invited.getByRole('status').filter({ hasText: 'You joined Website' }).first().waitFor();
    expect(guestErrors).toEqual([]);
    await guest.close();

    // Used up: it leaves the open list, and the next person is told why.
    await page.reload();
    await page.getByTestId('invites-panel').getByText('No open invites.').waitFor();
    const late = await newContext(browser);
    const latePage = await late.newPage();
    await latePage.goto(url);
    await latePage.getByText('This invite has been used as many times as it allows').waitFor();
    expect(await latePage.getByTestId('invite-join').count()).toBe(0);
    await late.close();

    // The project's checklist ticks the invite and leaves the first issue to do; hidden, it stays hidden.
    await page.goto(`/en/projects/${project.key}`);
    const checklist = page.getByTestId('project-checklist');
    await checklist.getByText('Get the project going').waitFor();
    expect(await checklist.getByTestId('checklist-invite').getAttribute('data-done')).toBe('true');
    expect(await checklist.getByTestId('checklist-issue').getAttribute('data-done')).toBeNull();
    await checklist.getByTestId('checklist-hide').click();
    await checklist.waitFor({ state: 'detached' });
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/checklist') && asked.push(r.url()));
    // The activity is asked for in the same render the checklist would be: once it has answered, a
    // checklist request would have gone out.
    const activity = page.waitForResponse((r) => r.url().includes(`/api/projects/${project.id}/activity`));
    await page.reload();
    await activity;
    // Hidden on this device: not even asked for.
    expect(asked).toEqual([]);
    expect(await page.getByTestId('project-checklist').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an e-mail invite is listed until revoked; its mailed link then says so (ru)', async () => {
    await api(owner, 'patch', '/api/user/profile', { locale: 'ru' });
    const page = await owner.newPage();
    await page.goto(`/projects/${project.key}/edit/members`);
    const panel = page.getByTestId('invites-panel');
    const email = uniqueEmail('mailed');
    await panel.getByTestId('invite-email').fill(email);
    await panel.getByTestId('invite-send').click();
    const sent = page.getByTestId('toast').filter({ hasText: `Приглашение отправлено на ${email}` });
    await sent.waitFor();
    // The section is short: the toast sits over its last row until closed.
    await sent.getByRole('button', { name: 'Закрыть' }).click();
    await sent.waitFor({ state: 'detached' });
    const row = panel.locator('[data-testid="invite-row"][data-kind="email"]').filter({ hasText: email });
    await row.getByTestId('invite-revoke').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await row.waitFor({ state: 'detached' });

    const link = inviteLinkMailedTo(email);
    expect(new URL(link).pathname).toMatch(/^\/invite\//);
    const visitor = await newContext(browser);
    const opened = await visitor.newPage();
    await opened.goto(link);
    await opened.getByText('Владелец проекта отозвал это приглашение').waitFor();
    await visitor.close();
    await page.close();
  });
});
