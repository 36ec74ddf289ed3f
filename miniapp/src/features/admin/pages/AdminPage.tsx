import { backupFileName } from '@tracker/shared/api/values/downloads';
import type { RouteName } from '@tracker/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { DownloadLink } from '../../../components/DownloadLink.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useQuery } from '../../../lib/query.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { adminApi } from '../api.ts';
import { DailyChart } from '../dashboard/DailyChart.tsx';
import '../admin.css';

const SECTIONS: { route: RouteName; key: string; icon: string }[] = [
  { route: 'adminUsers', key: 'users', icon: 'lucide:users' },
  { route: 'adminRedirects', key: 'redirects', icon: 'lucide:route' },
  { route: 'adminBlog', key: 'blog', icon: 'lucide:newspaper' },
  { route: 'customFields', key: 'customFields', icon: 'lucide:list-plus' },
];
const COUNTS = ['users', 'projects', 'issues', 'posts'] as const;

export default function AdminPage() {
  const { t } = useTranslation();
  const href = useHref();
  const { data: stats, error } = useQuery(['admin', 'stats'], () => adminApi.stats());
  const failed = error !== null ? errorText(error, t, { fallback: 'admin.dashboard.loadFailed' }) : null;

  return (
    <Page name="admin">
      {failed && (
        <p role="alert" className="form-alert">
          {failed}
        </p>
      )}
      {!stats && !failed && <Loading />}
      {stats && (
        <>
          <ul className="admin-counts" data-testid="admin-counts">
            {COUNTS.map((name) => (
              <li key={name} data-testid={`admin-count-${name}`}>
                <strong>{stats.counts[name]}</strong>
                {t(`admin.dashboard.counts.${name}`)}
              </li>
            ))}
          </ul>
          <h2>{t('admin.dashboard.chartTitle')}</h2>
          <DailyChart daily={stats.daily} />
        </>
      )}
      <h2>{t('admin.dashboard.sections')}</h2>
      <ul className="admin-sections">
        {SECTIONS.map((s) => (
          <li key={s.route}>
            <Link href={href(s.route)} data-testid={`admin-link-${s.route}`}>
              <Icon name={s.icon} size={24} />
              <span className="admin-section-text">
                <span className="admin-section-title">{t(`admin.sections.${s.key}`)}</span>
                <small className="admin-section-hint">{t(`admin.sections.${s.key}Hint`)}</small>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <h2>{t('admin.backup.title')}</h2>
      <p className="admin-section-hint">{t('admin.backup.hint')}</p>
      {/* A plain link: the browser streams the zip to disk, however large (inside Telegram, the client does). */}
      <DownloadLink className="admin-backup" href="/api/admin/backup.zip" fileName={backupFileName()} testId="admin-backup">
        <Icon name="lucide:archive" size={20} />
        {t('admin.backup.download')}
      </DownloadLink>
    </Page>
  );
}
