// The issue's edit schema, loaded when an in-place editor opens rather than with the page: zod and
// the payload schemas load with forms only (issue 27, the light start). The import is cached, so the
// check at Enter waits for nothing once the editor has been open a moment.
export const issueSchemas = () => import('@tracker/shared/api/issues');

/** Starts loading the schema as an editor opens; offline it may fail, and the check copes (below). */
export const preloadIssueSchemas = () => void issueSchemas().catch(() => undefined);

/** The i18n key of the first refusal of `change` by the edit schema, or null when it passes. */
export async function editRefusal(change: { title?: string; description?: string }): Promise<{ key: string } | { value: { title?: string } }> {
  const schemas = await issueSchemas().catch(() => null);
  // Offline before the schema's code was ever loaded (the service worker keeps it once it has been):
  // the change goes as typed, trimmed, and the server's check decides when the outbox sends it (a
  // refusal is rolled back with its words). An empty title is refused here all the same.
  if (!schemas) {
    const title = change.title?.trim();
    return title === '' ? { key: 'validation.required' } : { value: title === undefined ? {} : { title } };
  }
  const parsed = schemas.updateIssueSchema.safeParse(change);
  return parsed.success ? { value: parsed.data } : { key: parsed.error.issues[0]?.message ?? '' };
}
