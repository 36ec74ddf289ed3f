import { PROJECT_ROLES } from '@tracker/shared/api/values/projects';
import { useTranslation } from 'react-i18next';

/** The project roles as a select's options, in the page's language. */
export function RoleOptions() {
  const { t } = useTranslation();
  return PROJECT_ROLES.map((r) => (
    <option key={r} value={r}>
      {t(`projects.roles.${r}`)}
    </option>
  ));
}
