import type { PostSummary } from '@tracker/shared/api/blog';
import { SIZES } from '@tracker/shared/blog-images';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { ResponsiveImage } from '../../../components/ResponsiveImage.tsx';
import { useQuery } from '../../../lib/query.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { blogApi } from '../api.ts';
import { Masonry } from '../components/Masonry.tsx';
import { formatPostDate } from '../format.ts';
import '../../../styles/blog.css';

// Rough card heights for placing cards in columns before they render.
const estimate = (post: PostSummary, width: number) => (post.cover ? (width * post.cover.height) / Math.max(1, post.cover.width) : 0) + 120 + Math.ceil(post.excerpt.length / 45) * 22;

export default function BlogPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useHref();
  const params = new URLSearchParams(useSearch());
  const page = Math.max(1, Number(params.get('page')) || 1);
  const tag = params.get('tag');
  const { data, error } = useQuery(['blog', 'list', locale, page, tag], (signal) => blogApi.list(locale, page, tag, signal));
  const failed = error !== null;

  const link = (next: { page?: number; tag?: string | null }) => {
    const q = new URLSearchParams();
    const nextTag = next.tag === undefined ? tag : next.tag;
    if (nextTag) q.set('tag', nextTag);
    if (next.page && next.page > 1) q.set('page', String(next.page));
    const qs = q.toString();
    return href('blog') + (qs ? `?${qs}` : '');
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Page name="blog">
      <p className="muted">{t('blog.description')}</p>
      {data && data.tags.length > 0 && (
        <ul className="blog-tags" aria-label={t('blog.tagsLabel')}>
          <li>
            <Link href={link({ tag: null, page: 1 })} aria-current={!tag ? 'true' : undefined}>
              {t('blog.allTags')}
            </Link>
          </li>
          {data.tags.map((name) => (
            <li key={name}>
              <Link href={link({ tag: name, page: 1 })} aria-current={tag === name ? 'true' : undefined} data-testid={`blog-tag-${name}`}>
                #{name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {failed && (
        <p role="alert" className="form-alert">
          {t('blog.loadFailed')}
        </p>
      )}
      {!data && !failed && <Loading />}
      {data && !data.posts.length && <p className="muted">{t('blog.empty')}</p>}
      {data && data.posts.length > 0 && (
        <Masonry
          items={data.posts}
          estimate={estimate}
          render={(post) => (
            <article key={post.slug} className="blog-card" data-testid={`blog-card-${post.slug}`}>
              {post.cover && <ResponsiveImage image={post.cover} sizes={SIZES.card} />}
              <div className="blog-card__body">
                <h2>
                  <Link href={href('blogPost', { slug: post.slug })}>{post.title}</Link>
                </h2>
                <p className="blog-meta">
                  <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt, locale)}</time>
                  <span>{t('blog.readingTime', { count: post.readingMinutes })}</span>
                </p>
                {post.excerpt && <p>{post.excerpt}</p>}
              </div>
            </article>
          )}
        />
      )}
      {data && pages > 1 && (
        <nav className="blog-pager" aria-label={t('blog.pagination')}>
          {page > 1 && <Link href={link({ page: page - 1 })}>{t('blog.prevPage')}</Link>}
          <span>{t('blog.pageOf', { page, pages })}</span>
          {page < pages && <Link href={link({ page: page + 1 })}>{t('blog.nextPage')}</Link>}
        </nav>
      )}
    </Page>
  );
}
