import type { AdminPost } from '@tracker/shared/api/blog';
import { renderPostMarkdown, SIZES } from '@tracker/shared/blog-images';
import { LOCALES, type Locale } from '@tracker/shared/locales';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { FilePicker } from '../../../components/FilePicker.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { ResponsiveImage } from '../../../components/ResponsiveImage.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { formErrorsFrom, type FieldErrors } from '../../../lib/form-errors.ts';
import { invalidateQueries, setQueryData } from '../../../lib/query.ts';
import { toast } from '../../../lib/toasts.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { adminApi } from '../api.ts';
import { editorFrom, imageMarkdown, postState, slugify, toInput, type EditorState } from './model.ts';
import { confirmAction, fit, NAME_MAX } from '../../../platform/confirm.ts';

/** The inputs a refusal's issues can sit under; the rest (a body, "one language at least") go above the form. */
const FIELDS = ['slug', 'tags', 'publishedAt', 'coverImageId', ...LOCALES.flatMap((l) => [`versions.${l}.title`, `versions.${l}.excerpt`])];

/** The lists a saved or deleted post changes: the admin's, the dashboard's count, the public blog. */
function postsChanged() {
  invalidateQueries(['admin', 'posts']);
  invalidateQueries(['admin', 'stats']);
  invalidateQueries(['blog']);
}

/** Create or edit a post: both languages, Markdown with a live preview, cover and inline images. */
export function PostEditor({ post }: { post: AdminPost | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useHref();
  const [, navigate] = useLocation();
  const [s, setS] = useState<EditorState>(() => editorFrom(post, locale));
  const [lang, setLang] = useState<Locale>(post && !post.versions[locale] ? (post.versions.ru ? 'ru' : 'en') : locale);
  const [fields, setFields] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const body = useRef<HTMLTextAreaElement>(null);
  const version = s.versions[lang];
  const preview = useMemo(() => renderPostMarkdown(version.body), [version.body]);

  const setVersion = (patch: Partial<typeof version>) => setS((x) => ({ ...x, versions: { ...x.versions, [lang]: { ...x.versions[lang], ...patch } } }));
  const err = (path: string) => fields[path];

  async function upload(file: File | undefined, into: 'cover' | 'body') {
    if (!file) return;
    setUploading(true);
    try {
      const image = await adminApi.uploadImage(file);
      if (into === 'cover') setS((x) => ({ ...x, cover: image }));
      else {
        const el = body.current;
        const at = el?.selectionStart ?? version.body.length;
        const md = `\n${imageMarkdown(image, file.name.replace(/\.[^.]+$/, ''))}\n`;
        setVersion({ body: version.body.slice(0, at) + md + version.body.slice(at) });
      }
    } catch (e) {
      toast({ title: t('admin.blog.uploadFailed'), description: errorText(e, t), color: 'error' });
    } finally {
      setUploading(false);
    }
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFields({});
    setFormError(null);
    try {
      const { post: saved } = await adminApi.savePost(post?.id ?? null, toInput(s));
      setQueryData(['admin', 'post', saved.id], () => saved);
      postsChanged();
      toast({ title: t('admin.blog.saved'), color: 'success' });
      if (!post) navigate(href('adminPostEdit', { id: saved.id }), { replace: true });
      else setS(editorFrom(saved, locale));
    } catch (error) {
      const x = formErrorsFrom(error, FIELDS, t);
      setFields(x.fields);
      const firstVersionError = Object.keys(x.fields).find((k) => k.startsWith('versions.'));
      if (firstVersionError) setLang(firstVersionError.split('.')[1] as Locale);
      setFormError(x.form);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!post || !(await confirmAction({ message: t('admin.blog.deleteConfirm', { title: fit(post.versions[locale]?.title ?? post.slug, NAME_MAX) }), confirmText: t('admin.blog.delete'), destructive: true }))) return;
    await adminApi.deletePost(post.id);
    postsChanged();
    toast({ title: t('admin.blog.deleted'), color: 'info' });
    navigate(href('adminBlog'));
  }

  const state = post ? postState(post) : null;
  return (
    <form className="admin-form" style={{ maxWidth: 'none' }} onSubmit={save} noValidate data-testid="post-editor">
      {post && (
        <p className="muted">
          {t(`admin.blog.${state}`)}
          {state !== 'draft' && (
            <>
              {' · '}
              <Link href={href('blogPost', { slug: post.slug })}>{t('admin.blog.view')}</Link>
            </>
          )}
          {post.oldSlugs.length > 0 && ` · ${t('admin.blog.oldSlugs', { slugs: post.oldSlugs.join(', ') })}`}
        </p>
      )}
      <fieldset className="admin-row">
        <legend>{t('admin.blog.languages')}</legend>
        {LOCALES.map((l) => (
          <label key={l} className="admin-check">
            <input type="checkbox" checked={s.enabled[l]} onChange={(e) => setS({ ...s, enabled: { ...s.enabled, [l]: e.target.checked } })} data-testid={`post-lang-${l}`} />
            {t(`admin.blog.${l}`)}
          </label>
        ))}
      </fieldset>
      <div className="lang-tabs" role="group">
        {LOCALES.filter((l) => s.enabled[l]).map((l) => (
          <Button key={l} size="small" aria-pressed={lang === l} onClick={() => setLang(l)}>
            {t(`admin.blog.${l}`)}
          </Button>
        ))}
      </div>
      {s.enabled[lang] && (
        <>
          <TextField
            name="title"
            label={t('admin.blog.title')}
            value={version.title}
            error={err(`versions.${lang}.title`)}
            onChange={(e) => setVersion({ title: e.target.value })}
            onBlur={() => !s.slug && version.title && setS((x) => ({ ...x, slug: slugify(version.title) }))}
          />
          <TextField name="excerpt" label={t('admin.blog.excerpt')} value={version.excerpt} error={err(`versions.${lang}.excerpt`)} onChange={(e) => setVersion({ excerpt: e.target.value })} />
          <div className="post-panes">
            <div className="field">
              <label htmlFor="post-body">{t('admin.blog.body')}</label>
              <textarea id="post-body" ref={body} value={version.body} onChange={(e) => setVersion({ body: e.target.value })} data-testid="post-body" />
              <FilePicker accept="image/*" size="small" loading={uploading} testId="post-body-image" onFiles={([file]) => void upload(file, 'body')}>
                {uploading ? t('admin.blog.uploading') : t('admin.blog.insertImage')}
              </FilePicker>
            </div>
            <section aria-label={t('admin.blog.preview')}>
              <h2>{t('admin.blog.preview')}</h2>
              <div className="post-panes__preview blog-post__content" data-testid="post-preview" dangerouslySetInnerHTML={{ __html: preview }} />
            </section>
          </div>
        </>
      )}
      <div className="admin-row">
        <TextField name="slug" label={t('admin.blog.slug')} hint={t('admin.blog.slugHint')} value={s.slug} error={err('slug')} onChange={(e) => setS({ ...s, slug: e.target.value })} />
        <TextField name="tags" label={t('admin.blog.tags')} hint={t('admin.blog.tagsHint')} value={s.tags} error={err('tags')} onChange={(e) => setS({ ...s, tags: e.target.value })} />
      </div>
      <div className="admin-row">
        <div className="field">
          <label htmlFor="post-status">{t('admin.blog.status')}</label>
          <select id="post-status" value={s.status} onChange={(e) => setS({ ...s, status: e.target.value as EditorState['status'] })} data-testid="post-status">
            <option value="draft">{t('admin.blog.draft')}</option>
            <option value="published">{t('admin.blog.published')}</option>
          </select>
        </div>
        <TextField name="publishedAt" type="datetime-local" label={t('admin.blog.publishedAt')} hint={t('admin.blog.publishedAtHint')} value={s.publishedAt} error={err('publishedAt')} onChange={(e) => setS({ ...s, publishedAt: e.target.value })} />
      </div>
      <div className="field">
        <span>{t('admin.blog.cover')}</span>
        {s.cover && <ResponsiveImage image={s.cover} sizes={SIZES.card} className="editor-cover" />}
        <div className="admin-actions">
          <FilePicker accept="image/*" size="small" loading={uploading} testId="post-cover" onFiles={([file]) => void upload(file, 'cover')}>
            {uploading ? t('admin.blog.uploading') : t('admin.blog.uploadCover')}
          </FilePicker>
          {s.cover && (
            <Button size="small" onClick={() => setS({ ...s, cover: null })}>
              {t('admin.blog.removeCover')}
            </Button>
          )}
        </div>
        {err('coverImageId') && <p className="field__error">{err('coverImageId')}</p>}
      </div>
      <FormAlert message={formError} />
      <div className="admin-actions">
        <Button type="submit" variant="primary" disabled={busy || uploading} data-testid="post-save">
          {t('admin.blog.save')}
        </Button>
        {post && (
          <Button onClick={() => void remove()}>
            {t('admin.blog.delete')}
          </Button>
        )}
      </div>
    </form>
  );
}
