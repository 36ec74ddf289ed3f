import { matchRoute } from '@tracker/shared/routes';
import { useLocation } from 'wouter';

/** The current route's params (`:id` of `/issues/:id`), from the shared route table. */
export function useRouteParams(): Record<string, string> {
  const [location] = useLocation();
  return matchRoute(location)?.params ?? {};
}
