import { useTranslation } from 'react-i18next';

/** The user's avatar (1× and 2× WebP), or their initial. */
export function Avatar({ name, url, large }: { name: string; url: string | null | undefined; large?: boolean }) {
  const { t } = useTranslation();
  const className = large ? 'profile-avatar profile-avatar--large' : 'profile-avatar';
  if (!url) {
    return (
      <span className={className} aria-hidden="true">
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  const size = large ? 128 : 64;
  const src = url.replace(/-\d+\.webp$/, `-${size}.webp`);
  const src2x = url.replace(/-\d+\.webp$/, `-${size * 2}.webp`);
  return <img className={className} src={src} srcSet={`${src} 1x, ${src2x} 2x`} width={size} height={size} alt={t('account.profile.avatarAlt', { name })} data-testid="avatar" />;
}
