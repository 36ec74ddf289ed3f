// Permission checks are capabilities, never role-name comparisons at call sites.
export const ROLES = ['admin'] as const;
export type Role = (typeof ROLES)[number];

const GLOBAL_CAPABILITIES = {
  'admin.access': ['admin'],
  'admin.customFields': ['admin'],
  'admin.users': ['admin'],
  'admin.redirects': ['admin'],
  'admin.blog': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof GLOBAL_CAPABILITIES;

export function can(roles: readonly string[] | null | undefined, capability: Capability): boolean {
  const allowed: readonly string[] = GLOBAL_CAPABILITIES[capability];
  return (roles ?? []).some((r) => allowed.includes(r));
}
