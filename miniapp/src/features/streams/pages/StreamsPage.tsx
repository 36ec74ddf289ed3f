import type { Stream, StreamStatus } from '@tracker/shared/api/streams';
import { STREAM_STATUSES } from '@tracker/shared/api/values/streams';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { buttonClass } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { useHref } from '../../../lib/use-locale.ts';
import { useQuery } from '../../../lib/query.ts';
import { streamsApi } from '../api.ts';
import { DateRange, HealthBadge, StatusTag, StreamProgress } from '../components/Badges.tsx';
import '../streams.css';
import { errorText } from '../../../lib/error-text.ts';

export default function StreamsPage() {
  const { t } = useTranslation();
  const id = useId();
  const href = useHref();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const status = params.get('status') as StreamStatus | null;
  const weighted = params.get('weighted') === '1';
  const list = useQuery(['streams', 'list'], () => streamsApi.list(), { refetchOn: (e) => e.type === 'stream.updated' || e.streamIds.length > 0 });

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    const qs = next.toString();
    navigate(`${href('streams')}${qs ? `?${qs}` : ''}`, { replace: true });
  };
  const shown = (list.data?.streams ?? []).filter((s) => !status || s.status === status);

  return (
    <Page name="streams" className="streams">
      <div className="toolbar">
        <div className="toolbar__group">
          <label htmlFor={`${id}-status`}>{t('streams.list.filter')}</label>
          <select id={`${id}-status`} value={status ?? ''} onChange={(e) => setParam('status', e.target.value || null)} data-testid="streams-filter-status">
            <option value="">{t('streams.list.allStatuses')}</option>
            {STREAM_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`streams.status.${s}`)}
              </option>
            ))}
          </select>
          <label className="check">
            <input type="checkbox" checked={weighted} onChange={(e) => setParam('weighted', e.target.checked ? '1' : null)} data-testid="streams-weighted" />
            {t('streams.progress.weightedToggle')}
          </label>
        </div>
        <Link href={href('streamCreate')} className={buttonClass({ variant: 'primary', size: 'small' })} data-testid="stream-new">
          {t('streams.list.new')}
        </Link>
      </div>
      {list.loading && <Loading />}
      {list.error != null && <FormAlert message={errorText(list.error, t)} />}
      {list.data && shown.length === 0 && <p className="muted empty">{t(status ? 'streams.list.emptyFiltered' : 'streams.list.empty')}</p>}
      {shown.length > 0 && (
        <ul className="stack" data-testid="streams-list">
          {shown.map((s) => (
            <StreamRow key={s.id} stream={s} weighted={weighted} />
          ))}
        </ul>
      )}
    </Page>
  );
}

function StreamRow({ stream: s, weighted }: { stream: Stream; weighted: boolean }) {
  const { t } = useTranslation();
  const href = useHref();
  return (
    <li className="plist__item srow" data-testid="stream-row" data-id={s.id} data-name={s.name}>
      <div className="plist__main">
        <Link href={href('stream', { id: s.id })} className="plist__name">
          {s.name}
        </Link>
        <p className="plist__meta muted">
          <StatusTag status={s.status} />
          <HealthBadge health={s.health} />
          {s.lead && <span>{t('streams.list.lead', { name: s.lead.name })}</span>}
          <DateRange start={s.startDate} target={s.targetDate} />
        </p>
      </div>
      <div className="plist__progress">
        <StreamProgress progress={s.progress} weighted={weighted} />
      </div>
    </li>
  );
}
