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
import { useServerForm } from '../../../lib/use-server-form.ts';
import { invalidateQueries, setQueryData } from '../../../lib/query.ts';
import { toast } from '../../../lib/toasts.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { adminApi } from '../api.ts';
import { editorSchema } from './editor-schema.ts';
import { editorFrom, imageMarkdown, postState, slugify } from './model.ts';
import { confirmAction, fit, NAME_MAX } from '../../../platform/confirm.ts';

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
  const form = useServerForm(editorSchema, editorFrom(post, locale));
  const s = form.watch();
  const [lang, setLang] = useState<Locale>(post && !post.versions[locale] ? (post.versions.ru ? 'ru' : 'en') : locale);
  const [uploading, setUploading] = useState(false);
  const body = useRef<HTMLTextAreaElement>(null);
  const version = s.versions[lang];
  const preview = useMemo(() => renderPostMarkdown(version.body), [version.body]);
  const busy = form.formState.isSubmitting;

  const edit = { shouldDirty: true } as const;
  const setVersion = (key: keyof typeof version, value: string) => form.setValue(`versions.${lang}.${key}`, value, edit);
  const err = form.errorFor;
  // "One language at least": the group's own message, not its fields' (those show under them).
  const languagesError = typeof form.formState.errors.versions?.message === 'string' ? err('versions') : undefined;
  // A refused language's fields are shown: the first language with an issue, when the shown one has none.
  const showRefusedLanguage = () => {
    const refused = LOCALES.filter((l) => form.getFieldState(`versions.${l}`).invalid);
    if (refused.length && !refused.includes(lang)) setLang(refused[0]!);
  };

  async function upload(file: File | undefined, into: 'cover' | 'body') {
    if (!file) return;
    setUploading(true);
    try {
      const image = await adminApi.uploadImage(file);
      if (into === 'cover') form.setValue('cover', image, edit);
      else {
        const el = body.current;
        const at = el?.selectionStart ?? version.body.length;
        const md = `\n${imageMarkdown(image, file.name.replace(/\.[^.]+$/, ''))}\n`;
        setVersion('body', version.body.slice(0, at) + md + version.body.slice(at));
      }
    } catch (e) {
      toast({ title: t('admin.blog.uploadFailed'), description: errorText(e, t), color: 'error' });
    } finally {
      setUploading(false);
    }
  }

  const save = form.submit(
    async (input) => {
      const { post: saved } = await adminApi.savePost(post?.id ?? null, input);
      setQueryData(['admin', 'post', saved.id], () => saved);
      postsChanged();
      toast({ title: t('admin.blog.saved'), color: 'success' });
      if (!post) navigate(href('adminPostEdit', { id: saved.id }), { replace: true });
      else form.reset(editorFrom(saved, locale));
    },
    { onRefused: showRefusedLanguage, onInvalid: showRefusedLanguage },
  );

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
            <input type="checkbox" checked={s.enabled[l]} onChange={(e) => form.setValue(`enabled.${l}`, e.target.checked, edit)} data-testid={`post-lang-${l}`} />
            {t(`admin.blog.${l}`)}
          </label>
        ))}
        {languagesError && (
          <p className="field__error" role="alert">
            {languagesError}
          </p>
        )}
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
            onChange={(e) => setVersion('title', e.target.value)}
            onBlur={() => !s.slug && version.title && form.setValue('slug', slugify(version.title), edit)}
          />
          <TextField name="excerpt" label={t('admin.blog.excerpt')} value={version.excerpt} error={err(`versions.${lang}.excerpt`)} onChange={(e) => setVersion('excerpt', e.target.value)} />
          <div className="post-panes">
            <div className="field">
              <label htmlFor="post-body">{t('admin.blog.body')}</label>
              <textarea id="post-body" ref={body} value={version.body} onChange={(e) => setVersion('body', e.target.value)} data-testid="post-body" />
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
        <TextField label={t('admin.blog.slug')} hint={t('admin.blog.slugHint')} {...form.register('slug')} error={err('slug')} />
        <TextField label={t('admin.blog.tags')} hint={t('admin.blog.tagsHint')} {...form.register('tags')} error={err('tags')} />
      </div>
      <div className="admin-row">
        <div className="field">
          <label htmlFor="post-status">{t('admin.blog.status')}</label>
          <select id="post-status" {...form.register('status')} data-testid="post-status">
            <option value="draft">{t('admin.blog.draft')}</option>
            <option value="published">{t('admin.blog.published')}</option>
          </select>
        </div>
        <TextField type="datetime-local" label={t('admin.blog.publishedAt')} hint={t('admin.blog.publishedAtHint')} {...form.register('publishedAt')} error={err('publishedAt')} />
      </div>
      <div className="field">
        <span>{t('admin.blog.cover')}</span>
        {s.cover && <ResponsiveImage image={s.cover} sizes={SIZES.card} className="editor-cover" />}
        <div className="admin-actions">
          <FilePicker accept="image/*" size="small" loading={uploading} testId="post-cover" onFiles={([file]) => void upload(file, 'cover')}>
            {uploading ? t('admin.blog.uploading') : t('admin.blog.uploadCover')}
          </FilePicker>
          {s.cover && (
            <Button size="small" onClick={() => form.setValue('cover', null, edit)}>
              {t('admin.blog.removeCover')}
            </Button>
          )}
        </div>
        {err('cover') && <p className="field__error">{err('cover')}</p>}
      </div>
      <FormAlert message={form.formError} />
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
