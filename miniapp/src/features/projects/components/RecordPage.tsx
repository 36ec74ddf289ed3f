import type { ReactNode } from 'react';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { useErrorText, useResource, useRouteId, type Resource } from '../hooks.ts';

/**
 * A page about the one record named in its route (`/projects/:id`, `/streams/:id`…): a spinner while
 * it loads, the error on the page if it fails, then `children(data, resource)`.
 */
export function RecordPage<T>({ name, className, load, children }: { name: string; className: string; load: (ref: string) => Promise<T>; children: (data: T, resource: Resource<T>) => ReactNode }) {
  const ref = useRouteId();
  const resource = useResource(() => load(ref), ref);
  const errorText = useErrorText();
  if (resource.loading) return <Loading />;
  if (!resource.data) {
    return (
      <Page name={name} className={className}>
        <FormAlert message={errorText(resource.error)} />
      </Page>
    );
  }
  return children(resource.data, resource);
}
