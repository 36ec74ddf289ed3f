import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { useResource, useRouteId, type Resource } from '../hooks.ts';
import { errorText } from '../../../lib/error-text.ts';

/**
 * A page about the one record named in its route (`/projects/:id`, `/streams/:id`…): a spinner while
 * it loads, the error on the page if it fails, then `children(data, resource)`.
 */
export function RecordPage<T>({ name, className, load, children }: { name: string; className: string; load: (ref: string) => Promise<T>; children: (data: T, resource: Resource<T>) => ReactNode }) {
  const { t } = useTranslation();
  const ref = useRouteId();
  const resource = useResource(() => load(ref), ref);
  if (resource.loading) return <Loading />;
  if (!resource.data) {
    return (
      <Page name={name} className={className}>
        <FormAlert message={errorText(resource.error, t)} />
      </Page>
    );
  }
  return children(resource.data, resource);
}
