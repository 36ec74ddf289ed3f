import { useTranslation } from 'react-i18next';

/** The stream's issues as a board, drawn by the issues feature. */
export function StreamIssues({ streamId }: { streamId: number }) {
  const { t } = useTranslation();
  return (
    <div data-testid="stream-issues" data-stream={streamId}>
      <p className="muted">{t('streams.page.issuesSoon')}</p>
    </div>
  );
}
