import type { UserRef } from '@tracker/shared/api/common';
import type { Member, ProjectRole } from '@tracker/shared/api/projects';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { projectsApi } from '../api.ts';
import { PeoplePicker } from '../../../components/PeoplePicker.tsx';
import { RoleOptions } from './RoleOptions.tsx';
import { errorText } from '../../../lib/error-text.ts';

/** Members with roles: add by the people picker, change a role, remove (the server keeps one owner). */
export function MembersEditor({ projectId, members, onChange, readOnly }: { projectId: number; members: Member[]; onChange: (m: Member[]) => void; readOnly: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [person, setPerson] = useState<UserRef[]>([]);
  const [role, setRole] = useState<ProjectRole>('member');
  const [busy, setBusy] = useState(false);

  const call = async (fn: () => Promise<{ members: Member[] }>) => {
    setError(null);
    setBusy(true);
    try {
      onChange((await fn()).members);
      return true;
    } catch (err) {
      setError(errorText(err, t));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="editor" data-testid="members-editor">
      <FormAlert message={error} />
      <ul className="rows">
        {members.map((m) => (
          <li key={m.user.id} className="row" data-testid="member-row" data-user={m.user.id}>
            <span className="row__grow">{m.user.name}</span>
            <label className="visually-hidden" htmlFor={`${id}-role-${m.user.id}`}>
              {t('projects.members.roleOf', { name: m.user.name })}
            </label>
            <select
              id={`${id}-role-${m.user.id}`}
              value={m.role}
              disabled={readOnly || busy}
              data-testid="member-role"
              onChange={(e) => void call(() => projectsApi.setMember(projectId, m.user.id, e.target.value as ProjectRole))}
            >
              <RoleOptions />
            </select>
            <Button
              size="small"
              disabled={readOnly || busy}
              data-testid="member-remove"
              onClick={() => void call(() => projectsApi.removeMember(projectId, m.user.id))}
            >
              {t('projects.members.remove')}
            </Button>
          </li>
        ))}
      </ul>
      {!readOnly && (
        <form
          className="addrow"
          onSubmit={(e) => {
            e.preventDefault();
            const user = person[0];
            if (!user) return;
            void call(() => projectsApi.setMember(projectId, user.id, role)).then((ok) => ok && setPerson([]));
          }}
        >
          <PeoplePicker label={t('projects.members.add')} selected={person} onChange={setPerson} testId="member-picker" exclude={members.map((m) => m.user.id)} />
          <div className="field">
            <label htmlFor={`${id}-newrole`}>{t('projects.members.role')}</label>
            <select id={`${id}-newrole`} value={role} onChange={(e) => setRole(e.target.value as ProjectRole)} data-testid="member-new-role">
              <RoleOptions />
            </select>
          </div>
          <Button type="submit" variant="primary" size="small" disabled={!person.length || busy} data-testid="member-add">
            {t('projects.members.addButton')}
          </Button>
        </form>
      )}
    </div>
  );
}
