import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useHref } from '../../../lib/use-locale.ts';
import type { Section } from './sections.ts';

interface Props {
  projectKey: string;
  sections: readonly Section[];
  /** The section shown beside the list (marked current); null on the phone's list. */
  current: Section['id'] | null;
  /** The phone's list: full-width rows, as Telegram's own settings. */
  rows: boolean;
  canImport: boolean;
}

/** The sections: a side navigation on a wide screen, the settings' first page on a phone. */
export function SettingsNav({ projectKey, sections, current, rows, canImport }: Props) {
  const { t } = useTranslation();
  const href = useHref();
  return (
    <nav className={`settings-nav${rows ? ' settings-nav--rows' : ''}`} aria-label={t('projects.edit.sections')} data-testid="settings-nav">
      <ul>
        {sections.map((s) => (
          <li key={s.id}>
            <Link href={href(s.route, { id: projectKey })} aria-current={s.id === current ? 'page' : undefined} data-testid={`settings-nav-${s.id}`}>
              {t(s.label)}
            </Link>
          </li>
        ))}
        {canImport && (
          <li>
            <Link href={href('projectImport', { id: projectKey })} data-testid="project-import-link">
              {t('projects.edit.import')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
