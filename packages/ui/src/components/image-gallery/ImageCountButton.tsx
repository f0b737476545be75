import { lazy, Suspense, useState } from 'react';
import { ImageIcon } from '../../icons';
import { Button, type ButtonProps } from '../button';
import type { GalleryImage } from './ImageGallery';

// The gallery (its modal and react-aria's dialog and overlay code) is fetched when a count is
// pointed at, focused or pressed: the tables and results that show counts paint without it.
const loadGallery = () => import('./ImageGallery');
const ImageGallery = lazy(() =>
  loadGallery().then(({ ImageGallery }) => ({ default: ImageGallery })),
);
// Only a head start: a failed fetch is the press's to report (the lazy gallery's error).
const prefetchGallery = () => void loadGallery().catch(() => undefined);

export interface ImageCountButtonProps extends Omit<ButtonProps, 'children' | 'onPress'> {
  /** Image URLs (or `{ src, thumbnailSrc, alt }`); the button is disabled when there are none. */
  images: readonly GalleryImage[];
  /** Heading of the gallery (default 'Imágenes'). */
  title?: string;
  /** Shows only an icon and the count (narrow table columns); the name stays 'Ver imágenes (n)'. */
  compact?: boolean;
}

/** 'Ver imágenes (n)' button opening the ImageGallery; disabled when there are no images. */
export function ImageCountButton({
  images,
  title,
  compact = false,
  variant,
  size = 'sm',
  ...props
}: ImageCountButtonProps) {
  const [isOpen, setOpen] = useState(false);
  // Mounted from the first opening on, so closing plays the modal's exit animation.
  const [wasOpened, setWasOpened] = useState(false);
  const label = `Ver imágenes (${images.length})`;
  return (
    <>
      <Button
        {...props}
        variant={variant ?? (compact ? 'ghost' : 'secondary')}
        size={size}
        isDisabled={props.isDisabled || images.length === 0}
        // What react-aria's DialogTrigger gives its button.
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onHoverStart={(event) => {
          prefetchGallery();
          props.onHoverStart?.(event);
        }}
        onFocus={(event) => {
          prefetchGallery();
          props.onFocus?.(event);
        }}
        onPress={() => {
          setWasOpened(true);
          setOpen(true);
        }}
      >
        <ImageIcon className="size-4" />
        {compact ? (
          // The name stays 'Ver imágenes (n)' and contains the visible '(n)' (WCAG 2.5.3).
          <>
            <span className="sr-only">Ver imágenes</span> ({images.length})
          </>
        ) : (
          label
        )}
      </Button>
      {wasOpened && (
        <Suspense fallback={null}>
          <ImageGallery images={images} title={title} isOpen={isOpen} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
