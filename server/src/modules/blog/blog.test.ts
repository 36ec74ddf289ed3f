import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogListResponseSchema, blogPostResponseSchema } from '@tracker/shared/api/blog';
import { createUser, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

// A built shell like `vite build` writes, so the server-rendered blog pages can be checked.
const dist = mkdtempSync(path.join(os.tmpdir(), 'tracker-blog-dist-'));
writeFileSync(
  path.join(dist, 'index.html'),
  `<!doctype html><html lang="ru"><head><!--app-boot--><!--app-locale--><meta name="description" content="Tracker shell" /><title>Tracker</title></head><body><div id="root"></div></body></html>`,
);

let t: TestServer;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestServer({ WEB_DIST: dist, PUBLIC_URL: 'https://tracker.example' });
  admin = await createUser(t, { admin: true, name: 'Редактор' });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const version = (title: string, body = 'Some **bold** words <script>alert(1)</script>') => ({ title, excerpt: `${title} excerpt`, body });
async function createPost(body: Record<string, unknown>) {
  const res = await admin.client.post('/api/admin/blog/posts', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.post as { id: number; slug: string };
}
const visitor = () => t.client();
const list = async (lang: string, query = '') => blogListResponseSchema.parse((await visitor().get(`/api/blog/posts?lang=${lang}${query}`)).body);

describe('post lifecycle', () => {
  it('keeps drafts out of public view until published', async () => {
    const post = await createPost({ slug: 'draft-one', status: 'draft', versions: { ru: version('Черновик') } });
    expect((await list('ru')).posts.map((p) => p.slug)).not.toContain('draft-one');
    expect((await visitor().get('/api/blog/posts/draft-one?lang=ru')).status).toBe(404);
    expect((await visitor().get('/blog/draft-one')).status).toBe(404);

    const res = await admin.client.request('PUT', `/api/admin/blog/posts/${post.id}`, { json: { slug: 'draft-one', status: 'published', versions: { ru: version('Черновик') } } });
    expect(res.status).toBe(200);
    expect(res.body.post.publishedAt).not.toBeNull();
    const page = await visitor().get('/api/blog/posts/draft-one?lang=ru');
    expect(page.status).toBe(200);
    const dto = blogPostResponseSchema.parse(page.body).post;
    expect(dto.html).toContain('<strong>bold</strong>');
    expect(dto.html).not.toContain('<script>');
    expect(dto.author).toEqual({ id: admin.id, name: 'Редактор' });
    expect(dto.readingMinutes).toBe(1);
  });

  it('shows a scheduled post only once its time has come', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const post = await createPost({ slug: 'scheduled', status: 'published', publishedAt: at, versions: { ru: version('Запланировано') } });
    expect((await list('ru')).posts.map((p) => p.slug)).not.toContain('scheduled');
    expect((await visitor().get('/api/blog/posts/scheduled')).status).toBe(404);
    // Time passes (the database's clock decides visibility): the scheduled moment has come.
    await t.sql(`update blog_posts set published_at = now() where id = ?`, [post.id]);
    expect((await list('ru')).posts.map((p) => p.slug)).toContain('scheduled');
    expect((await visitor().get('/api/blog/posts/scheduled')).status).toBe(200);
  });

  it('lists a post only in the languages it exists in', async () => {
    await createPost({ slug: 'only-ru', status: 'published', versions: { ru: version('Только по-русски') } });
    await createPost({ slug: 'both', status: 'published', tags: ['news'], versions: { ru: version('Обе версии'), en: version('Both versions') } });
    const en = await list('en');
    expect(en.posts.map((p) => p.slug)).toContain('both');
    expect(en.posts.map((p) => p.slug)).not.toContain('only-ru');
    expect(en.posts.find((p) => p.slug === 'both')?.title).toBe('Both versions');
    expect((await visitor().get('/api/blog/posts/only-ru?lang=en')).status).toBe(404);
    expect((await visitor().get('/en/blog/only-ru')).status).toBe(404);
    const both = blogPostResponseSchema.parse((await visitor().get('/api/blog/posts/both?lang=en')).body).post;
    expect(both.locales).toEqual(['en', 'ru']);
    // Tag filter and newest first.
    expect((await list('ru', '&tag=news')).posts.map((p) => p.slug)).toEqual(['both']);
    expect((await list('ru')).posts[0]!.slug).toBe('both');
  });

  it('links previous and next posts in the same language', async () => {
    const post = blogPostResponseSchema.parse((await visitor().get('/api/blog/posts/only-ru?lang=ru')).body).post;
    expect(post.prev?.slug).toBe('scheduled');
    expect(post.next?.slug).toBe('both');
  });

  it('keeps the old slug working after a rename', async () => {
    const post = await createPost({ slug: 'old-name', status: 'published', versions: { ru: version('Переименуемая'), en: version('Renamed') } });
    const res = await admin.client.request('PUT', `/api/admin/blog/posts/${post.id}`, {
      json: { slug: 'new-name', status: 'published', versions: { ru: version('Переименуемая'), en: version('Renamed') } },
    });
    expect(res.body.post.oldSlugs).toEqual(['old-name']);
    // API: the old slug finds the post under its current slug.
    expect((await visitor().get('/api/blog/posts/old-name?lang=en')).body.post.slug).toBe('new-name');
    // The global navigation step and the server page both send the reader on, in their language.
    expect((await visitor().get('/api/navigation/redirect?path=/en/blog/old-name')).body).toEqual({ to: '/en/blog/new-name', external: false, permanent: true });
    const page = await visitor().get('/blog/old-name');
    expect(page.status).toBe(301);
    expect(page.headers.get('location')).toBe('/blog/new-name');
    // Another post cannot take the old address while it redirects.
    const taken = await admin.client.post('/api/admin/blog/posts', { slug: 'old-name', versions: { ru: version('x') } });
    expect(taken.status).toBe(400);
    expect(taken.body.data.issues[0]).toMatchObject({ path: ['slug'], message: 'admin.validation.slugTaken' });
  });

  it('validates slugs and requires one language', async () => {
    const bad = await admin.client.post('/api/admin/blog/posts', { slug: 'Привет мир', versions: {} });
    expect(bad.status).toBe(400);
    const messages = bad.body.data.issues.map((i: { message: string }) => i.message);
    expect(messages).toContain('admin.validation.slug');
    expect(messages).toContain('admin.validation.oneLanguage');
  });
});

describe('server-rendered blog pages', () => {
  it('puts the post title, description, content and head tags into the HTML', async () => {
    const res = await visitor().get('/en/blog/both');
    expect(res.status).toBe(200);
    const html = res.body as string;
    expect(html).toContain('<title>Both versions</title>');
    expect(html).toContain('<meta name="description" content="Both versions excerpt">');
    expect(html).not.toContain('Tracker shell');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<meta property="og:title" content="Both versions">');
    expect(html).toContain('<link rel="canonical" href="https://tracker.example/en/blog/both"');
    expect(html).toContain('hreflang="ru" href="https://tracker.example/blog/both"');
    expect(html).toContain('hreflang="x-default" href="https://tracker.example/blog/both"');
    expect(html).toContain('<div id="root"><main>');
  });

  it('links only the languages a post exists in', async () => {
    const html = (await visitor().get('/blog/only-ru')).body as string;
    expect(html).toContain('hreflang="ru"');
    expect(html).not.toContain('hreflang="en"');
  });

  it('renders the list with the published posts of the language', async () => {
    const html = (await visitor().get('/en/blog')).body as string;
    expect(html).toContain('<title>Blog</title>');
    expect(html).toContain('href="/en/blog/both"');
    expect(html).not.toContain('only-ru');
    expect(html).not.toContain('draft');
  });
});
