import { matchRoute } from '@tracker/shared/routes';
import { useLocation } from 'wouter';

/** The `:id` of the current route (`/projects/WEB`, `/en/streams/12`). */
export function useRouteId(): string {
  const [location] = useLocation();
  return matchRoute(location)?.params.id ?? '';
}
