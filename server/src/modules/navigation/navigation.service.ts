import type { EntityManager } from '@mikro-orm/postgresql';
import { hasNul } from '@tracker/shared/api/fields';
import type { RedirectResponse } from '@tracker/shared/api/navigation';
import { localizePath, splitLocale } from '@tracker/shared/routes';
import { currentSlugFor } from '../blog/blog.slugs.ts';
import { allowedHostsOf } from './redirect-hosts.ts';
import { enabledRedirectsFrom } from './navigation.repository.ts';

export function isExternal(to: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(to) || to.startsWith('//');
}

export function hostAllowed(to: string, allowedHosts: readonly string[]): boolean {
  try {
    const url = new URL(to.startsWith('//') ? `https:${to}` : to);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    return allowedHosts.includes(url.hostname.toLowerCase());
  } catch {
    return false;
  }
}

export function createNavigationService(options: { allowedHosts: () => readonly string[] }) {
  return {
    /**
     * The redirect for a requested path. An exact match wins; otherwise a rule written for the
     * Russian (unprefixed) path applies to its /en twin, keeping the language.
     */
    async resolve(em: EntityManager, path: string): Promise<RedirectResponse> {
      const { locale, barePath } = splitLocale(path);
      const candidates = barePath === path ? [path] : [path, barePath];
      const rules = await enabledRedirectsFrom(em, candidates);
      const rule = rules.find((r) => r.from_path === path) ?? rules[0];
      if (!rule) return resolveOldSlug(em, barePath, locale);
      if (isExternal(rule.to)) {
        // Spec §8: navigation to an external URL is blocked unless its host is allowed.
        if (!hostAllowed(rule.to, await allowedHostsOf(em, options.allowedHosts()))) return { to: null };
        return { to: rule.to, external: true, permanent: rule.permanent };
      }
      const to = rule.from_path === path ? rule.to : localizePath(rule.to, locale);
      return { to, external: false, permanent: rule.permanent };
    },
  };
}

/** A renamed blog post: its old address leads to the current one, permanently. */
async function resolveOldSlug(em: EntityManager, barePath: string, locale: Parameters<typeof localizePath>[1]): Promise<RedirectResponse> {
  const slug = /^\/blog\/([^/]+)$/.exec(barePath)?.[1];
  const decoded = slug && decodeURIComponentSafe(slug);
  // PostgreSQL text cannot hold NUL: `/blog/%00` names no post.
  if (!decoded || hasNul(decoded)) return { to: null };
  const current = await currentSlugFor(em, decoded);
  if (!current || current === slug) return { to: null };
  return { to: localizePath(`/blog/${encodeURIComponent(current)}`, locale), external: false, permanent: true };
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export type NavigationService = ReturnType<typeof createNavigationService>;
