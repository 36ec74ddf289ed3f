import type { UserRef } from '@tracker/shared/api/common';
import type { Member, ProjectRole } from '@tracker/shared/api/projects';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import type { ProjectWrites } from '../settings/use-project-writes.ts';
import { PeoplePicker } from '../../../components/PeoplePicker.tsx';
import { RoleOptions } from './RoleOptions.tsx';

/** Members with roles: add by the people picker, change a role, remove (the server keeps one owner) — each shown at once (`writes`). */
export function MembersEditor({ members, writes, readOnly }: { members: readonly Member[]; writes: ProjectWrites['members']; readOnly: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [person, setPerson] = useState<UserRef[]>([]);
  const [role, setRole] = useState<ProjectRole>('member');

  return (
    <div className="editor" data-testid="members-editor">
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
              disabled={readOnly}
              data-testid="member-role"
              onChange={(e) => void writes.set(m.user, e.target.value as ProjectRole)}
            >
              <RoleOptions />
            </select>
            <Button
              size="small"
              disabled={readOnly}
              data-testid="member-remove"
              onClick={() => void writes.remove(m.user.id)}
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
            setPerson([]);
            void writes.set(user, role).then((ok) => ok || setPerson((now) => (now.length ? now : [user])));
          }}
        >
          <PeoplePicker label={t('projects.members.add')} selected={person} onChange={setPerson} testId="member-picker" exclude={members.map((m) => m.user.id)} />
          <div className="field">
            <label htmlFor={`${id}-newrole`}>{t('projects.members.role')}</label>
            <select id={`${id}-newrole`} value={role} onChange={(e) => setRole(e.target.value as ProjectRole)} data-testid="member-new-role">
              <RoleOptions />
            </select>
          </div>
          <Button type="submit" variant="primary" size="small" disabled={!person.length} data-testid="member-add">
            {t('projects.members.addButton')}
          </Button>
        </form>
      )}
    </div>
  );
}
