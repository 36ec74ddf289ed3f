import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Page } from '../../../components/Page.tsx';
import { useHref } from '../../../lib/use-locale.ts';

// The dashboard arrives with its own issue; until then the page links to the admin sections.
export default function AdminPage() {
  const { t } = useTranslation();
  const href = useHref();
  return (
    <Page name="admin">
      <ul>
        <li>
          <Link href={href('customFields')} data-testid="admin-link-customFields">
            {t('titles.customFields')}
          </Link>
        </li>
      </ul>
    </Page>
  );
}
