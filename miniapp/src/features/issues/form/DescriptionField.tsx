// Markdown description with Write / Preview tabs. The preview uses the server's own renderer
// (shared markdown-it without raw HTML), loaded only when the preview is first opened.
import { Markdown } from '../../../components/Markdown.tsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function DescriptionField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [html, setHtml] = useState<string | null>(null);
  const showPreview = async () => {
    setTab('preview');
    setHtml(null);
    const { renderMarkdown } = await import('@tracker/shared/markdown');
    setHtml(renderMarkdown(value));
  };
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <div className="desc-head">
        <label htmlFor={id}>{t('issues.form.description')}</label>
        <div className="segmented" role="tablist" aria-label={t('issues.form.description')}>
          <button type="button" role="tab" id={`${id}-tab-write`} aria-selected={tab === 'write'} aria-controls={`${id}-panel`} data-testid="desc-write" onClick={() => setTab('write')}>
            {t('issues.form.write')}
          </button>
          <button type="button" role="tab" id={`${id}-tab-preview`} aria-selected={tab === 'preview'} aria-controls={`${id}-panel`} data-testid="desc-preview" onClick={() => void showPreview()}>
            {t('issues.form.preview')}
          </button>
        </div>
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'write' ? (
          <textarea
            id={id}
            name="description"
            data-testid="form-description"
            rows={8}
            value={value}
            placeholder={t('issues.form.descriptionPlaceholder')}
            aria-invalid={error ? true : undefined}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : html === null ? (
          <p className="muted">{t('common.loading')}</p>
        ) : html.trim() ? (
          <Markdown html={html} className="markdown desc-preview" testId="desc-preview-body" />
        ) : (
          <p className="muted desc-preview">{t('issues.form.nothingToPreview')}</p>
        )}
      </div>
      {error && (
        <p className="field__error" data-testid="error-description">
          {error}
        </p>
      )}
    </div>
  );
}
