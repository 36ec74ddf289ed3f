import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { buttonClass } from '../../../components/Button.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { useQuery } from '../../../lib/query.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { customFieldsApi, type ArchivedFilter } from '../custom-fields/api.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useProjectOptions } from '../custom-fields/use-project-options.ts';
import '../custom-fields/custom-fields.css';

const FILTERS: readonly ArchivedFilter[] = ['0', '1', 'all'];

export default function CustomFieldsPage() {
  const { t, i18n } = useTranslation();
  const href = useHref();
  const locale = useLocale();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const archivedParam = new URLSearchParams(search).get('archived');
  const archived: ArchivedFilter = (FILTERS as readonly string[]).includes(archivedParam ?? '') ? (archivedParam as ArchivedFilter) : '0';
  const list = useQuery(['admin', 'customFields', archived], () => customFieldsApi.list(archived).then((r) => r.fields));
  const fields = list.data;
  const error = list.error ? errorText(list.error, t) : null;
  const projects = useProjectOptions();
  const keys = useMemo(() => new Map((projects ?? []).map((p) => [p.id, p.key])), [projects]);

  return (
    <Page name="customFields" className="cf-page">
      <p className="muted">{t('customFields.intro')}</p>
      <div className="cf-toolbar">
        <div className="cf-segmented" role="group" aria-label={t('customFields.filter.label')}>
          {FILTERS.map((f) => (
            <button key={f} type="button" aria-pressed={archived === f} data-testid={`cf-filter-${f === '0' ? 'active' : f === '1' ? 'archived' : 'all'}`} onClick={() => navigate(f === '0' ? location : `${location}?archived=${f}`)}>
              {t(`customFields.filter.${f === '0' ? 'active' : f === '1' ? 'archived' : 'all'}`)}
            </button>
          ))}
        </div>
        <Link href={href('customFieldCreate')} className={buttonClass({ variant: 'primary', size: 'small' })} data-testid="cf-create">
          {t('customFields.create')}
        </Link>
      </div>
      {error && (
        <p role="alert" className="form-alert">
          {error}
        </p>
      )}
      {!fields && !error && <Loading />}
      {fields && !fields.length && (
        <p className="cf-empty muted" data-testid="cf-empty">
          {archived === '1' ? t('customFields.emptyArchived') : t('customFields.empty')}
        </p>
      )}
      {fields && fields.length > 0 && (
        <div className="cf-table-wrap">
          <table className="cf-table" data-testid="cf-table">
            <thead>
              <tr>
                <th scope="col">{t('customFields.columns.name')}</th>
                <th scope="col">{t('customFields.columns.type')}</th>
                <th scope="col">{t('customFields.columns.required')}</th>
                <th scope="col">{t('customFields.columns.scope')}</th>
                <th scope="col" className="cf-num">
                  {t('customFields.columns.values')}
                </th>
              </tr>
            </thead>
            <tbody>
              {fields.map((f) => (
                <tr key={f.id} data-testid={`cf-row-${f.id}`} data-name={f.name.en}>
                  <td data-label={t('customFields.columns.name')}>
                    <Link href={href('customFieldEdit', { id: f.id })} className="cf-name" data-testid={`cf-edit-${f.id}`}>
                      {f.name[locale] || f.name.ru}
                    </Link>
                    {f.archivedAt && (
                      <span className="cf-badge" data-testid={`cf-archived-${f.id}`}>
                        {t('customFields.archived')}
                      </span>
                    )}
                    {(f.description[locale] || '') !== '' && <div className="cf-desc muted">{f.description[locale]}</div>}
                  </td>
                  <td data-label={t('customFields.columns.type')}>{t(`customFields.types.${f.type}`)}</td>
                  <td data-label={t('customFields.columns.required')}>{f.required ? t('customFields.yes') : t('customFields.no')}</td>
                  <td data-label={t('customFields.columns.scope')}>
                    {f.scope === 'all' ? t('customFields.scope.all') : f.projectIds.map((id) => keys.get(id) ?? `#${id}`).join(', ') || t('customFields.scope.none')}
                  </td>
                  <td data-label={t('customFields.columns.values')} className="cf-num">
                    {new Intl.NumberFormat(i18n.language).format(f.valueCount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
