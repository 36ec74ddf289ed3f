import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Page } from '../../../components/Page.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { customFieldsApi, type ProjectOption } from '../custom-fields/api.ts';
import { FieldForm } from '../custom-fields/FieldForm.tsx';
import '../custom-fields/custom-fields.css';

export default function CustomFieldCreatePage() {
  const { t } = useTranslation();
  const href = useHref();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const [projects, setProjects] = useState<ProjectOption[] | null>(null);
  useEffect(() => {
    customFieldsApi.projects().then((r) => setProjects(r.projects), () => setProjects([]));
  }, []);
  return (
    <Page name="customFieldCreate" className="cf-page cf-page--form">
      <p>
        <Link href={href('customFields')}>← {t('customFields.back')}</Link>
      </p>
      <FieldForm
        projects={projects}
        submitLabel={t('customFields.form.create')}
        onSubmit={async (body) => {
          const { field } = await customFieldsApi.create(body);
          toast({ title: t('customFields.created', { name: field.name[locale] }), color: 'success' });
          navigate(href('customFields'));
        }}
      />
    </Page>
  );
}
