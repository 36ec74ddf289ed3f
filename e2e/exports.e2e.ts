// Export from the web app (issue 17, item 2): a project's settings offer its CSV and JSON, the admin
// page the workspace backup, the timesheet its CSV; each link downloads the streamed file with its name.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, downloadBytes, launchBrowser, newContext, registerIn, watchErrors } from './browser.ts';
import { ADMIN_EMAIL } from './global-setup.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const key = () => `X${Array.from({ length: 4 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')}`;

describe('export', () => {
  it('downloads a project as CSV and JSON from its settings, the timesheet CSV, and the backup from the admin page', async () => {
    const context = await newContext(browser, { acceptDownloads: true });
    await registerIn(context, ADMIN_EMAIL, 'Admin');
    const projectKey = key();
    const { project } = await api<{ project: { id: number } }>(context, 'post', '/api/projects', { key: projectKey, name: 'Выгрузка' });
    await api(context, 'post', '/api/issues', { projectId: project.id, title: 'Первая, "с кавычками"' });
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto(`/en/projects/${projectKey}/edit/export`);
    await page.getByTestId('export-csv').waitFor();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(csv.suggestedFilename()).toMatch(new RegExp(`^${projectKey}-export-\\d{4}-\\d\\d-\\d\\d\\.csv$`));
    const csvBytes = await downloadBytes(csv);
    expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csvBytes.toString('utf8')).toContain(`${projectKey}-1,1,"Первая, ""с кавычками"""`);

    const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
    const doc = JSON.parse((await downloadBytes(json)).toString('utf8')) as { format: string; issues: { title: string }[] };
    expect(doc.format).toBe('tracker');
    expect(doc.issues.map((i) => i.title)).toEqual(['Первая, "с кавычками"']);

    // The timesheet's CSV is a plain download too: the server's file, BOM included.
    await page.goto('/en/timesheet');
    const [sheet] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sheet-export').click()]);
    expect(sheet.suggestedFilename()).toMatch(/^timesheet-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/);
    expect([...(await downloadBytes(sheet)).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    await page.goto('/en/admin');
    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByTestId('admin-backup').click()]);
    expect(zip.suggestedFilename()).toMatch(/^tracker-backup-\d{4}-\d\d-\d\d\.zip$/);
    // A zip starts with a local file header, and its first entry is workspace.json.
    const zipBytes = await downloadBytes(zip);
    expect(zipBytes.subarray(0, 4).toString('hex')).toBe('504b0304');
    expect(zipBytes.subarray(30, 30 + 'workspace.json'.length).toString()).toBe('workspace.json');
    expect(errors).toEqual([]);
    await context.close();
  });
});
