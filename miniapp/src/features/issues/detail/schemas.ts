// The issue's edit schema, loaded when an in-place editor opens rather than with the page: zod and
// the payload schemas load with forms only (issue 27, the light start). The import is cached, so the
// check at Enter waits for nothing once the editor has been open a moment.
export const issueSchemas = () => import('@tracker/shared/api/issues');

/** The i18n key of the first refusal of `change` by the edit schema, or null when it passes. */
export async function editRefusal(change: { title?: string; description?: string }): Promise<{ key: string } | { value: { title?: string } }> {
  const { updateIssueSchema } = await issueSchemas();
  const parsed = updateIssueSchema.safeParse(change);
  return parsed.success ? { value: parsed.data } : { key: parsed.error.issues[0]?.message ?? '' };
}
