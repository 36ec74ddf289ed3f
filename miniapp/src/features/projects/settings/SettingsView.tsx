import type { ProjectDetailResponse } from '@tracker/shared/api/projects';
import { canInProject, type ProjectCapability } from '@tracker/shared/permissions';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FailureAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import type { ProjectSettingsSlots } from '../../../components/slots.ts';
import { useMe } from '../../../lib/auth.ts';
import type { QueryResult } from '../../../lib/query.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { PHONE_QUERY, useMedia } from '../../../lib/use-media.ts';
import { SectionBody } from './SectionBody.tsx';
import { SECTIONS, sectionOf } from './sections.ts';
import { SettingsNav } from './SettingsNav.tsx';

interface Props {
  /** The route shown: `projectEdit` (the entry) or a section's. */
  route: string;
  detail: ProjectDetailResponse;
  query: QueryResult<ProjectDetailResponse>;
  slots: ProjectSettingsSlots;
}

/**
 * A wide screen shows the sections' list beside the section (the entry shows General); a phone shows
 * the list alone at the entry, and a section alone, with a way back to the list, at its address.
 */
export function SettingsView({ route, detail, query, slots }: Props) {
  const { t } = useTranslation();
  const href = useHref();
  const me = useMe();
  const phone = useMedia(PHONE_QUERY);
  const { project } = detail;
  const can = (cap: ProjectCapability) => canInProject(project.myRole, me?.roles, cap);
  const sections = SECTIONS.filter((s) => !s.needs || can(s.needs));
  const shown = sectionOf(route) ?? (phone ? null : SECTIONS[0]!);

  return (
    <Page name={route} className="projects" title={t('projects.edit.title', { key: project.key, name: project.name })}>
      <p>
        {phone && shown ? (
          <Link href={href('projectEdit', { id: project.key })} data-testid="settings-back">
            {t('projects.edit.toSections')}
          </Link>
        ) : (
          <Link href={href('project', { id: project.key })}>{t('projects.edit.back', { key: project.key })}</Link>
        )}
      </p>
      {project.archivedAt && (
        <p className="banner" role="status" data-testid="project-archived-banner">
          {t('projects.archivedBanner')}
        </p>
      )}
      {me && !can('project.edit') && !can('project.labels') && <FailureAlert textKey="errors.codes.forbidden" />}
      <div className="settings">
        {(!phone || !shown) && <SettingsNav projectKey={project.key} sections={sections} current={shown?.id ?? null} rows={phone} canImport={can('project.import')} />}
        {shown && <SectionBody section={shown} detail={detail} query={query} can={can} slots={slots} />}
      </div>
    </Page>
  );
}
