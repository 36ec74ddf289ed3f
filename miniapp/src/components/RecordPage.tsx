import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from './FormAlert.tsx';
import { Loading } from './Loading.tsx';
import { Page } from './Page.tsx';
import type { LiveEvent } from '@tracker/shared/api/events';
import { errorText } from '../lib/error-text.ts';
import { useQuery, type QueryResult } from '../lib/query.ts';
import { useRouteId } from '../lib/use-route-id.ts';

/**
 * A page about the one record named in its route (`/projects/:id`, `/streams/:id`…): a spinner while
 * it loads, the error on the page if it fails, then `children(data, query)`. The answer is asked
 * again after a live event `refetchOn` says is about the record shown.
 */
export function RecordPage<T>({ name, className, load, refetchOn, children }: { name: string; className: string; load: (ref: string) => Promise<T>; refetchOn?: (event: LiveEvent, shown: T) => boolean; children: (data: T, query: QueryResult<T>) => ReactNode }) {
  const { t } = useTranslation();
  const ref = useRouteId();
  const shown = useRef<T | undefined>(undefined);
  const query = useQuery([name, ref], () => load(ref), { refetchOn: refetchOn && ((e) => shown.current !== undefined && refetchOn(e, shown.current)) });
  shown.current = query.data;
  if (query.loading) return <Loading />;
  if (!query.data) {
    return (
      <Page name={name} className={className}>
        <FormAlert message={errorText(query.error, t)} />
      </Page>
    );
  }
  return children(query.data, query);
}
