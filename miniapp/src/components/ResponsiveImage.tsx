import type { BlogImage } from '@tracker/shared/api/blog';
import { imageSrc, imageSrcSet } from '@tracker/shared/blog-images';
import { useState } from 'react';

/**
 * A processed image (spec §9): WebP at every width through srcset/sizes, and the tiny blurred
 * placeholder as its background until the real file has loaded.
 */
export function ResponsiveImage({ image, sizes, alt = '', className, eager = false }: { image: BlogImage; sizes: string; alt?: string; className?: string; eager?: boolean }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <img
      className={['rimg', loaded ? 'rimg--loaded' : '', className].filter(Boolean).join(' ')}
      src={imageSrc(image.url, 768, image.widths)}
      srcSet={imageSrcSet(image.url, image.widths)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      style={loaded ? undefined : { backgroundImage: `url("${image.placeholder}")` }}
      onLoad={() => setLoaded(true)}
    />
  );
}
