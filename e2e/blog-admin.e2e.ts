// The blog and admin journeys (issue 6) against the real server: an admin writes and publishes a
// post with an image, a visitor reads it in the masonry list and on its page; a redirect added in
// the admin works on the next navigation; an external redirect outside the allow-list is refused.
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, registerIn, watchErrors } from './browser.ts';
import { ADMIN_EMAIL } from './global-setup.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function adminPage() {
  const context = await newContext(browser);
  await registerIn(context, ADMIN_EMAIL, 'Admin');
  const page = await context.newPage();
  return { context, page };
}

const picture = () =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .composite([{ input: Buffer.from('<svg width="1600" height="900"><circle cx="800" cy="450" r="300" fill="#f59e0b"/></svg>'), top: 0, left: 0 }])
    .png()
    .toBuffer();

describe('blog', () => {
  it('an admin writes and publishes a post with an image; a visitor reads it', async () => {
    const { context, page } = await adminPage();
    const errors = watchErrors(page);
    const slug = `e2e-post-${Date.now().toString(36)}`;

    await page.goto('/en/admin');
    await page.getByTestId('admin-count-users').waitFor();
    await page.getByTestId('admin-chart').waitFor();
    // Each section card shows its title and, on a line of its own below it, the hint.
    const cards = await page.locator('.admin-sections a').evaluateAll((links) =>
      links.map((a) => {
        const title = a.querySelector('.admin-section-title')?.getBoundingClientRect();
        const hint = a.querySelector('.admin-section-hint')?.getBoundingClientRect();
        return { title: a.querySelector('.admin-section-title')?.textContent, belowTitle: !!title && !!hint && hint.top >= title.bottom - 1, name: a.textContent };
      }),
    );
    expect(cards).toHaveLength(4);
    for (const card of cards) expect(card, card.name ?? '').toMatchObject({ title: expect.stringMatching(/\S/), belowTitle: true });
    await page.getByTestId('admin-link-adminBlog').click();
    await page.getByTestId('post-create').click();
    await page.getByTestId('page-adminPostCreate').waitFor();

    await page.getByLabel('Title').fill('Hello from the e2e test');
    await page.getByLabel('Excerpt').fill('A short teaser for the list.');
    await page.getByTestId('post-body').fill('First paragraph with **bold** text.\n\n');
    await page.getByTestId('post-preview').locator('strong', { hasText: 'bold' }).waitFor();
    const image = { name: 'sunrise.png', mimeType: 'image/png', buffer: await picture() };
    await page.getByTestId('post-cover').setInputFiles(image);
    await page.locator('img.rimg').first().waitFor();
    await page.getByTestId('post-body-image').setInputFiles(image);
    await page.getByTestId('post-preview').locator('img[srcset]').waitFor();
    await page.getByLabel('Address (slug)').fill(slug);
    await page.getByLabel('Tags').fill('e2e, news');
    await page.getByTestId('post-status').selectOption('published');
    await page.getByTestId('post-save').click();
    await page.getByTestId('page-adminPostEdit').waitFor();
    expect(await page.getByTestId('form-error').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();

    // A visitor (no session) finds it in the masonry list and opens it.
    const visitor = await newContext(browser);
    const reader = await visitor.newPage();
    const readerErrors = watchErrors(reader);
    await reader.goto('/en/blog');
    const card = reader.getByTestId(`blog-card-${slug}`);
    await card.waitFor();
    expect(await reader.getByTestId('masonry').count()).toBe(1);
    const cover = card.locator('img.rimg');
    expect(await cover.getAttribute('srcset')).toMatch(/\/320\.webp 320w.*\/3072\.webp 3072w/);
    expect(await cover.getAttribute('sizes')).toContain('400px');
    await card.getByRole('link', { name: 'Hello from the e2e test' }).click();
    await reader.getByTestId('page-blogPost').waitFor();
    await reader.getByRole('heading', { level: 1, name: 'Hello from the e2e test' }).waitFor();
    expect(await reader.getByTestId('post-author').textContent()).toBe('By Admin');
    expect(await reader.getByTestId('post-content').locator('strong').textContent()).toBe('bold');
    const inline = reader.getByTestId('post-content').locator('img');
    expect(await inline.getAttribute('srcset')).toContain('1536w');
    // The browser really loads a WebP from the chosen srcset entry.
    await expect.poll(() => inline.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc.endsWith('.webp')), { timeout: 10_000 }).toBe(true);
    expect(await reader.locator('head link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`/en/blog/${slug}$`));
    expect(readerErrors).toEqual([]);

    // Without JavaScript (a crawler) the page already carries the content.
    const html = await (await visitor.request.get(`/en/blog/${slug}`)).text();
    expect(html).toContain('<title>Hello from the e2e test</title>');
    expect(html).toContain('<meta name="description" content="A short teaser for the list.">');
    expect(html).toContain('<strong>bold</strong>');
    await visitor.close();
  });
});

describe('the post editor', () => {
  it('refuses a missing title under its field, showing the language that lacks it, and a post in no language', async () => {
    const { context, page } = await adminPage();
    const requests: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/admin/posts') && requests.push(r.url()));
    await page.goto('/en/admin/blog/create');
    await page.getByTestId('post-editor').waitFor();
    await page.getByTestId('post-lang-ru').check();
    await page.getByLabel('Title').fill('Only in English');
    await page.getByLabel('Address (slug)').fill(`e2e-refused-${Date.now().toString(36)}`);
    await page.getByTestId('post-save').click();
    // The Russian version has no title: its tab is shown, with the message under its title.
    await page.getByRole('button', { name: 'Russian', pressed: true }).waitFor();
    const title = page.locator('.field--error', { has: page.getByLabel('Title') });
    expect(await title.locator('.field__error').textContent()).toBe('Required');
    await page.getByTestId('post-lang-ru').uncheck();
    await page.getByTestId('post-lang-en').uncheck();
    await page.getByTestId('post-save').click();
    await page.getByRole('alert').filter({ hasText: 'A version in at least one language is needed' }).waitFor();
    expect(requests).toEqual([]);
    await context.close();
  });
});

describe('redirects', () => {
  it('a redirect added in the admin works on the next navigation', async () => {
    const { context, page } = await adminPage();
    const from = `/moved-${Date.now().toString(36)}`;
    await page.goto('/en/admin/redirects');
    await page.getByTestId('redirect-form').waitFor();
    await page.getByLabel('From (path)').fill(from);
    await page.getByLabel('To (path or https://… address)').fill('/blog');
    await page.getByTestId('redirect-save').click();
    await page.getByTestId(`redirect-${from}`).waitFor();

    await page.goto(`/en${from}`);
    await page.waitForURL((url) => url.pathname === '/en/blog');
    await page.getByTestId('page-blog').waitFor();
    await context.close();
  });

  it('refuses an external redirect outside the allow-list, and accepts it once the host is allowed', async () => {
    const { context, page } = await adminPage();
    const from = `/out-${Date.now().toString(36)}`;
    const host = `docs-${Date.now().toString(36)}.example.org`;
    await page.goto('/en/admin/redirects');
    await page.getByLabel('From (path)').fill(from);
    await page.getByLabel('To (path or https://… address)').fill(`https://${host}/start`);
    await page.getByTestId('redirect-save').click();
    expect(await page.getByTestId('error-to').textContent()).toBe('This host is not on the allow-list of external hosts');
    expect(await page.getByTestId(`redirect-${from}`).count()).toBe(0);
    const rules = (await (await context.request.get('/api/admin/redirects')).json()) as { redirects: { fromPath: string }[] };
    expect(rules.redirects.map((r) => r.fromPath)).not.toContain(from);

    await page.getByLabel('Host', { exact: true }).fill(host);
    await page.getByTestId('host-add').click();
    await page.getByTestId('redirect-hosts').getByText(host).waitFor();
    await page.getByTestId('redirect-save').click();
    await page.getByTestId(`redirect-${from}`).waitFor();
    const resolved = await (await context.request.get(`/api/navigation/redirect?path=${encodeURIComponent(from)}`)).json();
    expect(resolved).toEqual({ to: `https://${host}/start`, external: true, permanent: false });
    await context.close();
  });
});
