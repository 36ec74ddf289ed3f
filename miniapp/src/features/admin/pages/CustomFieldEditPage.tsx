import { Page } from '../../../components/Page.tsx';

// Content arrives with its own issue; until then the page shows only its title.
export default function CustomFieldEditPage() {
  return <Page name="customFieldEdit" />;
}
