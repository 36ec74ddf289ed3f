import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_LOCALE, LOCALES } from '@tracker/shared/locales';
import { sitemapPosts } from '../blog/published-posts.ts';
import { renderRobots, renderSitemap } from './sitemap.ts';

/** Files for crawlers, not API routes (nothing in the contract describes them): served outside the page routes, mounted before the web app's shell. */
export function sitemapRoutes(deps: { em: () => EntityManager; origin: string; staticLastmod: Date }) {
  const router = new Router();
  for (const locale of LOCALES) {
    router.get(locale === DEFAULT_LOCALE ? '/sitemap.xml' : `/${locale}/sitemap.xml`, async (ctx) => {
      const posts = await sitemapPosts(deps.em());
      ctx.type = 'application/xml; charset=utf-8';
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = renderSitemap({ origin: deps.origin, locale, posts, staticLastmod: deps.staticLastmod });
    });
  }
  router.get('/robots.txt', (ctx) => {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = renderRobots(deps.origin);
  });
  return router;
}
