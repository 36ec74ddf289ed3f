import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClass } from '../../../components/Button.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { useQuery } from '../../../lib/query.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { errorText } from '../../../lib/error-text.ts';
import { adminApi } from '../api.ts';
import { postState } from '../blog/model.ts';
import '../admin.css';
import { formatDateTime } from '../../../lib/dates.ts';

export default function AdminBlogPage() {
  const { t } = useTranslation();
  const href = useHref();
  const locale = useLocale();
  const { data: posts, error } = useQuery(['admin', 'posts'], () => adminApi.posts().then((r) => r.posts));
  const failed = error !== null ? errorText(error, t) : null;
  return (
    <Page name="adminBlog">
      <p>
        <Link href={href('adminPostCreate')} className={buttonClass({ variant: 'primary', size: 'small' })} data-testid="post-create">
          {t('admin.blog.newPost')}
        </Link>
      </p>
      {failed && (
        <p role="alert" className="form-alert">
          {failed}
        </p>
      )}
      {!posts && !failed && <Loading />}
      {posts && !posts.length && <p className="muted">{t('admin.blog.empty')}</p>}
      {posts && posts.length > 0 && (
        <table className="admin-table" data-testid="admin-posts">
          <thead>
            <tr>
              <th scope="col">{t('admin.blog.title')}</th>
              <th scope="col">{t('admin.blog.status')}</th>
              <th scope="col">{t('admin.blog.updated')}</th>
            </tr>
          </thead>
          <tbody>
            {posts.map((p) => (
              <tr key={p.id}>
                <td>
                  <Link href={href('adminPostEdit', { id: p.id })}>{p.titles[locale] ?? p.titles.ru ?? p.titles.en ?? p.slug}</Link>
                  <br />
                  <code className="muted">{p.slug}</code>
                </td>
                <td>{t(`admin.blog.${postState(p)}`)}</td>
                <td>{formatDateTime(p.updatedAt, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Page>
  );
}
