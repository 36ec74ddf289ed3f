// One issue in Triage: what it is and where it came from, and its four actions. Accept takes the
// priority and assignee chosen beside it; Duplicate and Decline open a small form in the row.
import type { Priority } from '@tracker/shared/api/issues';
import { PRIORITIES } from '@tracker/shared/api/values/issues';
import type { Member } from '@tracker/shared/api/projects';
import type { TriageActionInput, TriageItem } from '@tracker/shared/api/triage';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../../components/Button.tsx';
import { useHref, useLocale } from '../../../../lib/use-locale.ts';
import { TriageForm, type Pending } from './TriageForm.tsx';
import { formatDateTime } from '../../../../lib/dates.ts';

const DAY_MS = 86_400_000;
const KEYS: Record<string, Pending | 'accept'> = { '1': 'accept', '2': 'duplicate', '3': 'decline', h: 'snooze' };

export function TriageRow({ item, members, onAct }: { item: TriageItem; members: readonly Member[]; onAct: (input: TriageActionInput) => Promise<boolean> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useHref();
  const id = useId();
  const { issue, source, snoozedUntil } = item;
  const [priority, setPriority] = useState<Priority>(issue.priority);
  const [assignee, setAssignee] = useState<string>(issue.assignee ? String(issue.assignee.id) : '');
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (input: TriageActionInput) => {
    setBusy(true);
    if (await onAct(input)) setPending(null);
    setBusy(false);
  };
  const accept = () => run({ action: 'accept', priority, assigneeId: assignee ? Number(assignee) : null });
  const start = (what: Pending | 'accept') => (what === 'accept' ? void accept() : setPending(what));

  const onKeyDown = (e: React.KeyboardEvent<HTMLLIElement>) => {
    // Keys act on the row itself, not while typing in its fields.
    if (e.target !== e.currentTarget || e.metaKey || e.ctrlKey || e.altKey || busy) return;
    const what = KEYS[e.key.toLowerCase()];
    if (!what) return;
    e.preventDefault();
    start(what);
  };
  const when = (iso: string) => formatDateTime(iso, locale);

  return (
    <li className="row triage__row" tabIndex={0} data-triage-row data-testid="triage-row" data-issue-key={issue.key} aria-busy={busy} aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
      <div className="row__grow">
        <Link href={href('issue', { id: issue.key })} id={`${id}-title`}>
          <span className="key">{issue.key}</span> {issue.title}
        </Link>
        <p className="muted triage__meta">
          {source ? (
            source.url ? (
              <a href={source.url} target="_blank" rel="noreferrer">
                {t('projects.triage.fromChat', { author: source.author })}
              </a>
            ) : (
              t('projects.triage.fromChat', { author: source.author })
            )
          ) : (
            t('projects.triage.created', { date: when(issue.createdAt) })
          )}
          {snoozedUntil && <span data-testid="triage-snoozed"> · {t('projects.triage.snoozedUntil', { date: when(snoozedUntil) })}</span>}
        </p>
      </div>
      <div className="triage__actions">
        <label className="visually-hidden" htmlFor={`${id}-priority`}>
          {t('projects.triage.priority')}
        </label>
        <select id={`${id}-priority`} value={priority} onChange={(e) => setPriority(e.target.value as Priority)} data-testid="triage-priority">
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {t(`issues.priority.${p}`)}
            </option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor={`${id}-assignee`}>
          {t('projects.triage.assignee')}
        </label>
        <select id={`${id}-assignee`} value={assignee} onChange={(e) => setAssignee(e.target.value)} data-testid="triage-assignee">
          <option value="">{t('projects.triage.nobody')}</option>
          {members.map((m) => (
            <option key={m.user.id} value={m.user.id}>
              {m.user.name}
            </option>
          ))}
        </select>
        {Object.entries(KEYS).map(([key, what]) => (
          <Button key={what} variant={what === 'accept' ? 'primary' : 'secondary'} size="small" disabled={busy} onClick={() => start(what)} data-testid={`triage-${what}`} aria-keyshortcuts={key.toUpperCase()}>
            {t(`projects.triage.${what}`)}
          </Button>
        ))}
      </div>
      {pending && (
        <TriageForm
          kind={pending}
          busy={busy}
          onCancel={() => setPending(null)}
          onSubmit={(value) =>
            void run(
              pending === 'duplicate'
                ? { action: 'duplicate', duplicateOf: value }
                : pending === 'decline'
                  ? { action: 'decline', ...(value ? { reason: value } : {}) }
                  : { action: 'snooze', until: new Date(Date.now() + Number(value) * DAY_MS).toISOString() },
            )
          }
        />
      )}
    </li>
  );
}
