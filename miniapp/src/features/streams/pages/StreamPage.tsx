import type { Stream } from '@tracker/shared/api/streams';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Button, buttonClass } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { useMe } from '../../../lib/auth.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { useQuery } from '../../../lib/query.ts';
import { streamsApi } from '../api.ts';
import { StreamProgress } from '../components/Badges.tsx';
import { Composer, Feed } from '../components/Feed.tsx';
import { StreamHeader } from '../components/StreamHeader.tsx';
import { StreamIssues } from '../components/StreamIssues.tsx';
import type { IssueViews } from '../../../components/slots.ts';
import '../streams.css';
import { confirmAction, fit, NAME_MAX } from '../../../platform/confirm.ts';
import { errorText } from '../../../lib/error-text.ts';

/** `views`: the issues feature's list and board, passed in by the route (app/routes/StreamPage.tsx). */
export default function StreamPage({ views }: { views: IssueViews }) {
  return (
    <RecordPage name="stream" className="streams" load={streamsApi.get} refetchOn={(e, shown) => e.streamIds.includes(shown.stream.id) || (e.type === 'stream.updated' && e.streamIds.length === 0)}>
      {(data, stream) => <StreamView stream={data.stream} reload={stream.refetch} set={(s) => stream.setData(() => ({ stream: s }))} views={views} />}
    </RecordPage>
  );
}

function StreamView({ stream, reload, set, views }: { stream: Stream; reload: () => Promise<void>; set: (s: Stream) => void; views: IssueViews }) {
  const { t } = useTranslation();
  const href = useHref();
  const [, navigate] = useLocation();
  const me = useMe();
  const feed = useQuery(['stream', 'feed', stream.id], () => streamsApi.feed(stream.id), { refetchOn: (e) => e.streamIds.includes(stream.id) || (e.type === 'stream.updated' && e.streamIds.length === 0) });
  const [weighted, setWeighted] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const remove = async () => {
    const ok = await confirmAction({
      title: t('streams.page.deleteTitle', { name: fit(stream.name, NAME_MAX) }),
      message: t('streams.page.deleteText'),
      confirmText: t('streams.page.delete'),
      destructive: true,
    });
    if (!ok) return;
    setDeleteError(null);
    streamsApi.remove(stream.id).then(
      () => {
        toast({ title: t('streams.toast.deleted', { name: stream.name }), color: 'success' });
        navigate(href('streams'));
      },
      (err: unknown) => setDeleteError(errorText(err, t)),
    );
  };

  return (
    <Page name="stream" className="streams" title={stream.name}>
      {stream.description && <p className="plain-text lead-text">{stream.description}</p>}
      <StreamHeader stream={stream} onSaved={set} />

      <section aria-labelledby="s-progress" className="psection">
        <div className="section-head">
          <h2 id="s-progress">{t('streams.page.progress')}</h2>
          <label className="check">
            <input type="checkbox" checked={weighted} onChange={(e) => setWeighted(e.target.checked)} data-testid="stream-weighted" />
            {t('streams.progress.weightedToggle')}
          </label>
          <Link href={`${href('insights')}?stream=${stream.id}`} className={buttonClass({ size: 'small' })} data-testid="stream-insights">
            {t('streams.page.insights')}
          </Link>
        </div>
        <StreamProgress progress={stream.progress} weighted={weighted} />
      </section>

      <section aria-labelledby="s-issues" className="psection">
        <div className="section-head">
          <h2 id="s-issues">{t('streams.page.issues')}</h2>
        </div>
        <StreamIssues streamId={stream.id} views={views} />
      </section>

      <section aria-labelledby="s-feed" className="psection">
        <h2 id="s-feed">{t('streams.page.feed')}</h2>
        {stream.can.includes('stream.post') && <Composer streamId={stream.id} onPosted={() => void Promise.all([feed.refetch(), reload()])} />}
        {feed.data ? (
          <Feed items={feed.data.items} meId={me?.id ?? null} onChanged={() => void Promise.all([feed.refetch(), reload()])} />
        ) : feed.error ? (
          <FormAlert message={errorText(feed.error, t)} />
        ) : (
          <Loading />
        )}
      </section>

      {stream.can.includes('stream.delete') && (
        <section className="psection">
          <FormAlert message={deleteError} />
          <Button variant="danger-secondary" size="small" onClick={() => void remove()} data-testid="stream-delete">
            {t('streams.page.delete')}
          </Button>
        </section>
      )}
    </Page>
  );
}
