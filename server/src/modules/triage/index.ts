// Triage (issue 26): the service (the bot's capture and card buttons use it too) and its routes.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobQueue } from '../jobs/index.ts';
import { triageRoutes } from './triage.routes.ts';
import { triageService } from './triage.service.ts';

export type { CaptureInput, TriageService } from './triage.service.ts';

export function setUpTriage(deps: { em: () => EntityManager; jobs: JobQueue; burstSec: number }) {
  const service = triageService(deps);
  return { service, router: triageRoutes({ em: deps.em, service }) };
}
