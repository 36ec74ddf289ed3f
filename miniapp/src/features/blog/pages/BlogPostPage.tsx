import { SIZES } from '@tracker/shared/blog-images';
import { matchRoute } from '@tracker/shared/routes';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { ResponsiveImage } from '../../../components/ResponsiveImage.tsx';
import { refusalOf } from '../../../lib/error-text.ts';
import { useQuery } from '../../../lib/query.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { blogApi } from '../api.ts';
import { formatPostDate } from '../format.ts';
import '../../../styles/blog.css';

function setMeta(name: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
}

export default function BlogPostPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useHref();
  const [location, navigate] = useLocation();
  const slug = matchRoute(location)?.params.slug ?? '';
  const { data: post, error } = useQuery(['blog', 'post', slug, locale], (signal) => blogApi.post(slug, locale, signal).then((r) => r.post));
  const state = post ? 'ok' : error ? (refusalOf(error)?.status === 404 ? 'missing' : 'failed') : 'loading';

  // An old slug: show the post at its current address.
  const moved = post && post.slug !== slug ? post.slug : null;
  useEffect(() => {
    if (moved) navigate(href('blogPost', { slug: moved }), { replace: true });
  }, [moved, href, navigate]);

  useEffect(() => {
    if (!post || state !== 'ok') return;
    document.title = post.title;
    setMeta('description', post.excerpt || post.title);
    // hreflang only for the languages this post exists in (useHead adds both).
    for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')) {
      const lang = link.hreflang === 'x-default' ? 'ru' : link.hreflang;
      if (!(post.locales as string[]).includes(lang)) link.remove();
    }
  }, [post, state]);

  if (state === 'loading') return <Loading />;
  if (state !== 'ok' || !post) {
    return (
      <Page name="blogPost" title={state === 'missing' ? t('blog.notFound') : t('blog.loadFailed')}>
        <p>
          <Link href={href('blog')}>{t('blog.backToBlog')}</Link>
        </p>
      </Page>
    );
  }
  return (
    <Page name="blogPost" title={post.title} className="blog-post">
      <p className="blog-meta">
        {post.author && <span data-testid="post-author">{t('blog.by', { name: post.author.name })}</span>}
        <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt, locale)}</time>
        <span>{t('blog.readingTime', { count: post.readingMinutes })}</span>
      </p>
      {post.tags.length > 0 && (
        <ul className="blog-tags" aria-label={t('blog.tagsLabel')}>
          {post.tags.map((name) => (
            <li key={name}>
              <Link href={`${href('blog')}?tag=${encodeURIComponent(name)}`}>#{name}</Link>
            </li>
          ))}
        </ul>
      )}
      {post.cover && <ResponsiveImage image={post.cover} sizes={SIZES.post} eager />}
      {/* Sanitised on the server: Markdown with raw HTML off. */}
      <div className="blog-post__content" data-testid="post-content" dangerouslySetInnerHTML={{ __html: post.html }} />
      {(post.prev || post.next) && (
        <nav className="blog-post__nav" aria-label={t('blog.postNav')}>
          <span>{post.prev && <Link href={href('blogPost', { slug: post.prev.slug })} rel="prev">← {post.prev.title}</Link>}</span>
          <span>{post.next && <Link href={href('blogPost', { slug: post.next.slug })} rel="next">{post.next.title} →</Link>}</span>
        </nav>
      )}
      <p>
        <Link href={href('blog')}>{t('blog.backToBlog')}</Link>
      </p>
    </Page>
  );
}
