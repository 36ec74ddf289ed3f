// The issue page's time tracking: the spent total, "Log time" for those who may edit the issue, and
// the entries, each editable and deletable by its author (or an admin). The issue's estimate is in
// points, not hours (issues/fields/inputs.tsx, streams' "estimate points"), so spent time is shown
// on its own rather than as a share of it.
import type { TimeEntry } from '@tracker/shared/api/time';
import { lazy, memo, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { invalidateQueries, useQuery } from '../../../lib/query.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { confirmAction } from '../../../platform/confirm.ts';
import { haptic } from '../../../platform/use-main-button.ts';
import { timeApi } from '../api.ts';
import { duration } from '../format.ts';
import type { TimeDraft } from './LogTimeForm.tsx';

// The form (react-hook-form, zod and the time schema) loads when opened, not with the issue page
// (the light start: e2e/pwa.e2e.ts checks the page's chunks).
const LogTimeForm = lazy(() => import('./LogTimeForm.tsx').then((m) => ({ default: m.LogTimeForm })));
import '../time.css';

interface Props {
  issue: { id: number; spentMinutes: number; can: readonly string[] };
  /** After a change: the page refetches the issue (its total, its activity). */
  onChanged: () => void;
}

// Memoised: the issue page renders it again only when the issue's time or rights change.
export const TimeSection = memo(function TimeSection({ issue, onChanged }: Props) {
  const { t } = useTranslation();
  const href = useHref();
  const [open, setOpen] = useState(false);
  const canLog = issue.can.includes('issue.edit');

  // No time logged, no entries: the page asks the server for nothing more (it opens from one request).
  // Asked on each showing; time logged by someone else touches the issue, whose live event asks again.
  const { data } = useQuery(issue.spentMinutes === 0 ? null : ['time', 'issue', issue.id], (signal) => timeApi.list(issue.id, signal).then((r) => r.entries), {
    freshMs: 0,
    refetchOn: (e) => e.type === 'issue.updated' && e.issueId === issue.id,
  });
  const entries: TimeEntry[] | null = issue.spentMinutes === 0 ? [] : (data ?? null);

  // This issue's entries and any timesheet that counts them.
  const changed = useCallback(() => {
    invalidateQueries(['time']);
    onChanged();
  }, [onChanged]);

  const log = async (d: TimeDraft) => {
    await timeApi.log(issue.id, { spent: d.spent, date: d.date, note: d.note });
    haptic('success');
    setOpen(false);
    changed();
  };

  return (
    <section className="issue-section time-section" aria-labelledby="time-title" data-testid="time-section">
      <div className="issue-section__head">
        <h2 id="time-title">{t('time.section.title')}</h2>
        {canLog && !open && (
          <Button size="small" data-testid="time-log-open" onClick={() => setOpen(true)}>
            {t('time.form.log')}
          </Button>
        )}
      </div>
      <p className="time-spent" data-testid="time-spent-total">
        {issue.spentMinutes > 0 ? t('time.section.spent', { duration: duration(issue.spentMinutes, t) }) : t('time.section.none')}{' '}
        <Link href={href('timesheet')} className="small" data-testid="time-sheet-link">
          {t('time.section.timesheet')}
        </Link>
      </p>
      {open && (
        <Suspense fallback={null}>
          <LogTimeForm testid="time-log-form" submitText={t('time.form.log')} onSubmit={log} onCancel={() => setOpen(false)} />
        </Suspense>
      )}
      {entries && entries.length > 0 && (
        <ul className="time-entries" aria-label={t('time.section.entries', { count: entries.length })}>
          {entries.map((e) => (
            <EntryItem key={e.id} entry={e} onChanged={changed} />
          ))}
        </ul>
      )}
    </section>
  );
});

function EntryItem({ entry, onChanged }: { entry: TimeEntry; onChanged: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [editing, setEditing] = useState(false);
  const day = formatDay(entry.date, locale, { day: 'numeric', month: 'short', year: 'numeric' });

  if (editing) {
    const save = async (d: TimeDraft) => {
      await timeApi.update(entry.id, { spent: d.spent, date: d.date, note: d.note });
      setEditing(false);
      onChanged();
    };
    return (
      <li className="time-entry" data-testid="time-entry">
        <Suspense fallback={null}>
          <LogTimeForm
            testid="time-edit-form"
            initial={{ spent: duration(entry.minutes, t), date: entry.date, note: entry.note }}
            submitText={t('time.form.save')}
            onSubmit={save}
            onCancel={() => setEditing(false)}
          />
        </Suspense>
      </li>
    );
  }
  const remove = async () => {
    const ok = await confirmAction({ message: t('time.entry.confirmDelete', { duration: duration(entry.minutes, t), date: day }), confirmText: t('time.entry.delete'), destructive: true });
    if (!ok) return;
    await timeApi.remove(entry.id);
    onChanged();
  };
  return (
    <li className="time-entry" data-testid="time-entry">
      <strong className="time-entry__spent">{duration(entry.minutes, t)}</strong>
      <span className="muted small">{t('time.entry.by', { name: entry.user.name, date: day })}</span>
      {entry.note && <span className="time-entry__note break">{entry.note}</span>}
      {entry.canEdit && (
        <span className="time-entry__actions">
          <button type="button" className="icon-button" data-testid="time-entry-edit" aria-label={t('time.entry.edit')} onClick={() => setEditing(true)}>
            ✎
          </button>
          <button type="button" className="icon-button" data-testid="time-entry-delete" aria-label={t('time.entry.delete')} onClick={() => void remove().catch(() => undefined)}>
            ×
          </button>
        </span>
      )}
    </li>
  );
}
