// The inbox (issue 15, item 6): what happened that concerns me — unread, all, or archived — newest
// first, a page at a time; and Triage (issue 26): what waits to be looked at in my projects.
import type { InboxFilter } from '@tracker/shared/api/inbox';
import { Suspense, useState } from 'react';
import { useNow } from '../../lib/use-minute.ts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { InboxRow } from './InboxRow.tsx';
import { useInboxUnread } from './unread.ts';
import { useInbox } from './use-inbox.ts';
import type { TriageListSlot } from '../../components/slots.ts';
import './inbox.css';

// Types only from the schemas' module: the schemas load on demand (contract/inbox.ts).
const FILTERS: readonly InboxFilter[] = ['unread', 'all', 'archived'];

/** `TriageList`: the projects feature's triage list, passed in by the route (app/routes/InboxPage.tsx). */
export default function InboxPage({ TriageList }: { TriageList: TriageListSlot }) {
  const { t } = useTranslation();
  const [view, setView] = useState<InboxFilter | 'triage'>('unread');
  const filter = view === 'triage' ? 'unread' : view;
  const unread = useInboxUnread();
  const inbox = useInbox(filter);
  const now = useNow();
  usePageTitle(unread > 0 ? `${t('titles.inbox')} (${unread})` : null);

  return (
    <Page name="inbox" className="inbox">
      <div className="inbox__bar">
        <div className="segmented" role="group" aria-label={t('inbox.filters.label')}>
          {[...FILTERS, 'triage' as const].map((f) => (
            <button key={f} type="button" aria-pressed={view === f} data-testid={`inbox-filter-${f}`} onClick={() => setView(f)}>
              {t(`inbox.filters.${f}`)}
            </button>
          ))}
        </div>
        <span className="inbox__count" data-testid="inbox-unread" data-count={unread} aria-live="polite">
          {t('inbox.unread', { count: unread })}
        </span>
        <Button size="small" className="inbox__read-all" onClick={() => void inbox.readAll()} disabled={unread === 0} data-testid="inbox-read-all">
          {t('inbox.actions.readAll')}
        </Button>
      </div>
      {view === 'triage' ? (
        <Suspense fallback={<Loading />}>
          <TriageList scope={{ mine: true }} />
        </Suspense>
      ) : (
        <InboxList inbox={inbox} filter={filter} now={now} />
      )}
    </Page>
  );
}

function InboxList({ inbox, filter, now }: { inbox: ReturnType<typeof useInbox>; filter: InboxFilter; now: Date }) {
  const { t } = useTranslation();
  return (
    <>
      {inbox.failed && !inbox.items && (
        <p role="alert">
          {t('inbox.loadFailed')}{' '}
          <Button size="small" onClick={() => void inbox.retry()}>
            {t('inbox.actions.retry')}
          </Button>
        </p>
      )}
      {!inbox.items && !inbox.failed && <Loading />}
      {inbox.items &&
        (inbox.items.length === 0 ? (
          <p className="inbox__empty" data-testid="inbox-empty">
            {t(`inbox.empty.${filter}`)}
          </p>
        ) : (
          <ul className="inbox__list" data-testid="inbox-list">
            {inbox.items.map((item) => (
              <InboxRow key={item.id} item={item} now={now} onChange={(i, c) => void inbox.change(i, c)} />
            ))}
          </ul>
        ))}
      {inbox.more && (
        <Button size="small" className="inbox__more" onClick={() => void inbox.loadMore()} disabled={inbox.loadingMore} data-testid="inbox-more">
          {t('inbox.actions.loadMore')}
        </Button>
      )}
    </>
  );
}
