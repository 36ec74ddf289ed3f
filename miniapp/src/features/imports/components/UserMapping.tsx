// People the file names who match no one in the project: each can be pointed at a user by hand.
import type { UserRef } from '@tracker/shared/api/common';
import { useTranslation } from 'react-i18next';
import { PeoplePicker } from '../../../components/PeoplePicker.tsx';

interface Props {
  unmatched: string[];
  chosen: Record<string, UserRef | null>;
  onChange: (next: Record<string, UserRef | null>) => void;
}

export function UserMapping({ unmatched, chosen, onChange }: Props) {
  const { t } = useTranslation();
  if (!unmatched.length) return null;
  return (
    <fieldset className="imp-users" data-testid="import-users">
      <legend>{t('imports.users.title')}</legend>
      <p className="hint">{t('imports.users.hint')}</p>
      {unmatched.map((name) => {
        const user = chosen[name];
        return (
          <PeoplePicker
            key={name}
            label={t('imports.users.pick', { name })}
            selected={user ? [user] : []}
            onChange={(next) => onChange({ ...chosen, [name]: next.at(-1) ?? null })}
            testId="import-user-picker"
          />
        );
      })}
    </fieldset>
  );
}
