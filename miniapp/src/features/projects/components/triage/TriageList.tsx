// Triage (issue 26): the issues nobody has looked at yet, oldest first, each accepted, closed as a
// duplicate, declined with a reason or snoozed — a project's, or (in the inbox) every project's where
// I am a member. Keys 1, 2, 3 and H act on the focused row, as in Linear; ↑/↓ move between rows.
import type { Member } from '@tracker/shared/api/projects';
import type { TriageActionInput } from '@tracker/shared/api/triage';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/FormAlert.tsx';
import { Loading } from '../../../../components/Loading.tsx';
import { triageApi } from '../../api.ts';
import { toast } from '../../../../lib/toasts.ts';
import { useStoreReference } from '../../../../store/index.ts';
import { useQuery } from '../../../../lib/query.ts';
import { TriageRow } from './TriageRow.tsx';
import { errorText } from '../../../../lib/error-text.ts';

const DONE: Record<TriageActionInput['action'], string> = { accept: 'projects.triage.accepted', duplicate: 'projects.triage.duplicated', decline: 'projects.triage.declined', snooze: 'projects.triage.snoozed' };

/** A project's Triage with its members (for Accept's assignee), or mine across projects (members from the store). */
export type TriageScope = { projectId: number; members: readonly Member[] } | { mine: true };

export function TriageList({ scope }: { scope: TriageScope }) {
  const { t } = useTranslation();
  const projectId = 'mine' in scope ? null : scope.projectId;
  const list = useQuery(['triage', projectId], () => triageApi.list(projectId), { refetchOn: (e) => e.type.startsWith('issue.') && (projectId === null || e.projectId === projectId) });
  const store = useStoreReference();
  const membersOf = (id: number) => ('mine' in scope ? (store?.members(id) ?? []) : scope.members);
  const rows = useRef<HTMLUListElement>(null);

  async function act(issueId: number, key: string, input: TriageActionInput): Promise<boolean> {
    try {
      await triageApi.act(issueId, input);
      toast({ title: t(DONE[input.action], { key }), color: 'success' });
      await list.refetch();
      return true;
    } catch (err) {
      toast({ title: errorText(err, t), color: 'error' });
      return false;
    }
  }

  /** ↑/↓ between rows; the row itself handles 1, 2, 3 and H. */
  function move(e: React.KeyboardEvent) {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const items = [...(rows.current?.querySelectorAll<HTMLElement>('[data-triage-row]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = items[at + (e.key === 'ArrowDown' ? 1 : -1)];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  }

  if (list.error) return <FormAlert message={errorText(list.error, t)} />;
  if (!list.data) return <Loading />;
  const items = list.data.issues;
  return (
    <section aria-labelledby="p-triage" data-testid="triage-list">
      <h2 id="p-triage" className="visually-hidden">
        {t('projects.tabs.triage')}
      </h2>
      <p className="muted">{t('projects.triage.keys')}</p>
      {items.length ? (
        <ul className="rows triage" ref={rows} onKeyDown={move}>
          {items.map((item) => (
            <TriageRow key={item.issue.id} item={item} members={membersOf(item.issue.projectId)} onAct={(input) => act(item.issue.id, item.issue.key, input)} />
          ))}
        </ul>
      ) : (
        <p className="muted" data-testid="triage-empty">
          {t('projects.triage.empty')}
        </p>
      )}
    </section>
  );
}
