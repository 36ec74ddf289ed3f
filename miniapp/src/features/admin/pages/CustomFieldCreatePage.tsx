import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Page } from '../../../components/Page.tsx';
import { invalidateQueries } from '../../../lib/query.ts';
import { toast } from '../../../lib/toasts.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { writeStoreRows } from '../../../store/index.ts';
import { customFieldsApi } from '../custom-fields/api.ts';
import { FieldForm } from '../custom-fields/FieldForm.tsx';
import { useProjectOptions } from '../custom-fields/use-project-options.ts';
import '../custom-fields/custom-fields.css';

export default function CustomFieldCreatePage() {
  const { t } = useTranslation();
  const href = useHref();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const projects = useProjectOptions();
  return (
    <Page name="customFieldCreate" className="cf-page cf-page--form">
      <p>
        <Link href={href('customFields')}>← {t('customFields.back')}</Link>
      </p>
      <FieldForm
        projects={projects}
        submitLabel={t('customFields.form.create')}
        onSubmit={async (body) => {
          const { field } = await writeStoreRows({ call: () => customFieldsApi.create(body), settled: (a) => ({ customFields: { [a.field.id]: a.field } }) });
          invalidateQueries(['admin', 'customFields']);
          toast({ title: t('customFields.created', { name: field.name[locale] }), color: 'success' });
          navigate(href('customFields'));
        }}
      />
    </Page>
  );
}
