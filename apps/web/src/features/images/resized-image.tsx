// An <img> drawn by the image-resizing endpoint at densities 1 and 2. When the image fails to load
// it gives way to a zero-size stand-in (spec 8), so a broken logo leaves no broken-image icon and
// no hole in the layout.
import { useState, type ImgHTMLAttributes } from 'react';
import { imageSources, type ImageRequest } from './image-url.js';

type Props = ImageRequest &
  Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> & {
    alt: string;
    /** the size the layout reserves, in CSS pixels */
    width?: number;
    height?: number;
  };

export function ResizedImage(props: Props) {
  const { src, provider, preset, width, height, format, quality, fit, position, alt, ...img } = props;
  const [hasFailed, setHasFailed] = useState(false);
  if (hasFailed) {
    return (
      <span
        aria-hidden="true"
        data-testid="image-fallback"
        style={{ display: 'block', width: 0, height: 0 }}
      />
    );
  }
  const sources = imageSources({ src, provider, preset, format, quality, fit, position });
  return (
    <img {...img} {...sources} alt={alt} width={width} height={height} onError={() => setHasFailed(true)} />
  );
}
