// One timeline of comments and the full change history, oldest first, with a filter to show only
// comments or only history.
import { ActorLine } from '../../../components/issue/ActorLine.tsx';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { CommentItem } from '../comments/Comments.tsx';
import { CommentComposer, DockedComposer } from '../comments/Composer.tsx';
import { describeActivity, formatDateTime, plainT, type ActivityContext } from './activity-format.ts';
import { userName } from './people.ts';
import { useSnapshot } from 'valtio';
import { auth } from '../../../lib/auth.ts';
import { syncState } from '../../../store/index.ts';
import { cycleTitle } from '../../../lib/cycles.ts';
import type { IssueController, IssueData } from './use-issue.ts';

const FILTERS = ['all', 'comments', 'history'] as const;
type Filter = (typeof FILTERS)[number];

/** `docked`: the composer stays at the bottom of the screen (phones) instead of after the last item. */
export function Timeline({ data, ctl, meId, docked = false }: { data: IssueData; ctl: IssueController; meId: number | null; docked?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useHref();
  const [filter, setFilter] = useState<Filter>('all');
  const me = useSnapshot(auth.state).user;
  const { issue, project, streams, fields, comments, activity } = data;
  const { cycles, milestones } = useSnapshot(syncState());
  const plan = useMemo(() => ({ cycles, milestones }), [cycles, milestones]);

  const ctx: ActivityContext = useMemo(() => {
    const keys = new Map<number, string>();
    if (issue.parent) keys.set(issue.parent.id, issue.parent.key);
    for (const c of issue.children) keys.set(c.id, c.key);
    for (const r of issue.relations) keys.set(r.issue.id, r.issue.key);
    keys.set(issue.id, issue.key);
    return {
      t: plainT(t),
      locale,
      fields,
      statusName: (id) => project?.statuses.find((s) => s.id === id)?.name ?? (issue.status.id === id ? issue.status.name : undefined),
      labelName: (id) => project?.labels.find((l) => l.id === id)?.name ?? issue.labels.find((l) => l.id === id)?.name,
      streamName: (id) => streams.find((s) => s.id === id)?.name ?? issue.streams.find((s) => s.id === id)?.name,
      userName,
      issueKey: (id) => keys.get(id),
      cycleName: (id) => (plan.cycles[id] ? cycleTitle(plan.cycles[id], t) : undefined),
      milestoneName: (id) => plan.milestones[id]?.name,
    };
  }, [t, locale, fields, project, issue, streams, plan]);

  const items = useMemo(() => {
    const list: { at: string; order: number; node: ReactNode; kind: 'comment' | 'history' }[] = [];
    for (const c of comments)
      list.push({
        at: c.createdAt,
        order: c.id,
        kind: 'comment',
        node: <CommentItem key={`c${c.id}`} comment={c} own={c.author?.id === meId} canModerate={issue.can.includes('comment.moderate')} onChanged={() => void ctl.refresh()} />,
      });
    for (const a of activity) {
      const lines = describeActivity(a, ctx);
      if (!lines.length) continue;
      list.push({
        at: a.createdAt,
        order: a.id,
        kind: 'history',
        node: (
          <div key={`a${a.id}`} className="tl-item tl-item--activity" data-testid="activity-item" data-action={a.action} data-field={a.field ?? ''}>
            <span className="tl-item__dot" aria-hidden="true" />
            <div>
              {lines.map((line, i) => (
                <p key={i} className="tl-line">
                  <ActorLine actor={a.actor?.name ?? t('issues.activity.system')} text={line.text} />
                  {line.from !== undefined && (
                    <>
                      {': '}
                      <span className="tl-old">{line.from}</span>
                      <span aria-label={t('issues.activity.to')}> → </span>
                      <span className="tl-new">{line.to}</span>
                    </>
                  )}
                  {line.issue && (
                    <>
                      {' '}
                      <Link href={href('issue', { id: line.issue.ref })}>{line.issue.label}</Link>
                    </>
                  )}
                </p>
              ))}
              <time dateTime={a.createdAt} className="muted small">
                {formatDateTime(a.createdAt, locale)}
              </time>
            </div>
          </div>
        ),
      });
    }
    return list.sort((x, y) => Date.parse(x.at) - Date.parse(y.at) || (x.kind === y.kind ? x.order - y.order : x.kind === 'history' ? -1 : 1));
  }, [comments, activity, ctx, meId, issue.can, ctl, t, href, locale]);

  const shown = items.filter((i) => filter === 'all' || (filter === 'comments' ? i.kind === 'comment' : i.kind === 'history'));
  return (
    <section className="issue-section" aria-labelledby="timeline-title" data-testid="timeline">
      <div className="issue-section__head">
        <h2 id="timeline-title">{t('issues.activity.title')}</h2>
        <div className="segmented" role="group" aria-label={t('issues.activity.show')}>
          {FILTERS.map((f) => (
            <button key={f} type="button" aria-pressed={filter === f} data-testid={`timeline-filter-${f}`} onClick={() => setFilter(f)}>
              {t(`issues.activity.filters.${f}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="timeline">{shown.length ? shown.map((i) => i.node) : <p className="muted">{t('issues.activity.empty')}</p>}</div>
      {issue.can.includes('comment.create') ? (
        <Composer docked={docked} onSend={(body) => ctl.addComment(body, me ? { id: me.id, name: me.name } : null).then(() => void ctl.refresh())} />
      ) : (
        <p className="muted">{t('issues.comments.readOnly')}</p>
      )}
    </section>
  );
}

function Composer({ docked, onSend }: { docked: boolean; onSend: (body: string) => Promise<void> }) {
  return docked ? <DockedComposer onSend={onSend} /> : <CommentComposer onSend={onSend} />;
}
