// A project's SLA settings (docs/sla.md): read by whoever sees the project, replaced by its owners.
// A change moves the clocks of the project's issues in the same transaction: turning SLAs on starts
// the clocks of open issues at that moment, a change of targets or working time moves every
// deadline, turning them off drops the clocks.
import type { EntityManager } from '@mikro-orm/postgresql';
import { defaultSlaSettings, type SlaSettings } from '@tracker/shared/api/sla';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import { requireProject, type Viewer } from '../projects/project-access.ts';
import { assertWritable } from '../projects/project-guards.ts';
import { settingsRow } from '../sla-clock/clock.repository.ts';
import { syncIssueClocks } from '../sla-clock/clock.ts';
import { clockedIssues, leadOrOwnerZone, saveSettings } from './settings.repository.ts';

/** The stored settings, or the defaults (off) in the lead's or an owner's zone. */
async function settingsOf(em: EntityManager, projectId: number): Promise<SlaSettings> {
  const row = await settingsRow(em, projectId);
  if (row) return { enabled: row.enabled, timeZone: row.time_zone, businessDays: row.business_days, workingDays: row.working_days, targets: row.targets };
  return defaultSlaSettings((await leadOrOwnerZone(em, projectId)) ?? DEFAULT_TIME_ZONE);
}

export async function projectSla(em: EntityManager, viewer: Viewer, projectRef: number): Promise<SlaSettings> {
  const { project } = await requireProject(em, viewer, projectRef, 'project.view');
  return settingsOf(em, project.id);
}

/** 404 for a project the viewer cannot see, 403 for one whose SLA they may not change. */
export async function checkSlaEditor(em: EntityManager, viewer: Viewer, projectRef: number): Promise<void> {
  await requireProject(em, viewer, projectRef, 'project.sla');
}

/** The zone as the runtime names it (`europe/moscow` → `Europe/Moscow`), so every reader agrees. */
const canonicalZone = (timeZone: string) => new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;

/** Replaces the settings; null turns SLAs off and keeps the rest for the next time they are on. */
export async function putProjectSla(em: EntityManager, viewer: Viewer, projectRef: number, input: SlaSettings | null): Promise<SlaSettings> {
  return em.transactional(async (tem) => {
    const { project } = await requireProject(tem, viewer, projectRef, 'project.sla');
    assertWritable(project);
    const prev = await settingsRow(tem, project.id, true);
    const next = input ? { ...input, timeZone: canonicalZone(input.timeZone) } : { ...(await settingsOf(tem, project.id)), enabled: false };
    // Clocks of issues open when SLAs come on start now; a later change of settings keeps that start.
    const enabledAt = next.enabled ? (prev?.enabled && prev.enabled_at ? new Date(prev.enabled_at) : new Date()) : null;
    await saveSettings(tem, project.id, next, enabledAt);
    if (prev?.enabled || next.enabled) await syncIssueClocks(tem, await clockedIssues(tem, project.id));
    return settingsOf(tem, project.id);
  });
}
