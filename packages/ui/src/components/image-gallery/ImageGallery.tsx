import { useState, type KeyboardEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../icons';
import { Button } from '../button';
import { Modal } from '../modal';

/**
 * An image of the gallery: a URL, or an object with the full image's URL (`src`), an optional
 * smaller rendition for the thumbnail strip (`thumbnailSrc`, e.g. `fileThumbnailUrl`) and its
 * alternative text.
 */
export type GalleryImage = string | { src: string; thumbnailSrc?: string; alt?: string };

function srcOf(image: GalleryImage): string {
  return typeof image === 'string' ? image : image.src;
}

/** The thumbnail strip loads the small rendition when there is one; the viewer, the full image. */
function thumbnailSrcOf(image: GalleryImage): string {
  return typeof image === 'string' ? image : (image.thumbnailSrc ?? image.src);
}

function altOf(image: GalleryImage, index: number, total: number): string {
  const alt = typeof image === 'string' ? undefined : image.alt;
  return alt ?? `Imagen ${index + 1} de ${total}`;
}

export interface ImageGalleryProps {
  /** Image URLs (or `{ src, thumbnailSrc, alt }`), in display order. */
  images: readonly GalleryImage[];
  /** Heading and accessible name of the dialog (default 'Imágenes'). */
  title?: string;
  /** Image shown first (0-based). */
  initialIndex?: number;
  /** Open state when controlled; omit inside a `DialogTrigger`. */
  isOpen?: boolean;
  /** Called when the gallery opens or closes. */
  onOpenChange?: (isOpen: boolean) => void;
}

/**
 * Lightbox of images in a modal: 'Imagen anterior' / 'Imagen siguiente' buttons (wrapping
 * around), Left/Right arrows, Home/End, an 'n / total' indicator and a strip of thumbnails.
 */
export function ImageGallery({
  images,
  title = 'Imágenes',
  initialIndex = 0,
  isOpen,
  onOpenChange,
}: ImageGalleryProps) {
  const controlled = isOpen === undefined ? {} : { isOpen, onOpenChange };
  return (
    <Modal {...controlled} title={title} size="xl" isDismissable>
      <GalleryViewer images={images} initialIndex={initialIndex} />
    </Modal>
  );
}

/**
 * The image shown, moved by `go` (wrapping around) or by Left/Right, Home and End wherever the
 * key is pressed inside the gallery.
 */
function useGalleryIndex(total: number, initialIndex: number) {
  const [index, setIndex] = useState(() => Math.min(Math.max(0, initialIndex), total - 1));
  const current = Math.min(index, total - 1);
  const go = (next: number) => setIndex(((next % total) + total) % total);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: total - 1 }[
      event.key
    ];
    if (target === undefined) return;
    event.preventDefault();
    go(target);
  };
  return { current, go, onKeyDown };
}

const stepButton = 'absolute top-1/2 size-10 -translate-y-1/2 rounded-full px-0 shadow';

/** The image at full size with the 'Imagen anterior' / 'Imagen siguiente' buttons. */
function GalleryStage({
  image,
  alt,
  onStep,
}: {
  image: GalleryImage;
  alt: string;
  /** Moves by -1 or +1; omitted when there is one image. */
  onStep?: (step: -1 | 1) => void;
}) {
  return (
    <div className="relative flex items-center justify-center rounded-lg bg-surface-muted">
      <img
        key={srcOf(image)}
        src={srcOf(image)}
        alt={alt}
        className="max-h-[65vh] w-auto max-w-full object-contain"
      />
      {onStep && (
        <>
          <Button
            variant="secondary"
            size="sm"
            aria-label="Imagen anterior"
            onPress={() => onStep(-1)}
            className={`start-2 ${stepButton}`}
          >
            <ChevronLeftIcon />
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label="Imagen siguiente"
            onPress={() => onStep(1)}
            className={`end-2 ${stepButton}`}
          >
            <ChevronRightIcon />
          </Button>
        </>
      )}
    </div>
  );
}

/** The 'Miniaturas' strip: one button per image, the current one marked. */
function GalleryThumbnails({
  images,
  current,
  onSelect,
}: {
  images: readonly GalleryImage[];
  current: number;
  onSelect: (index: number) => void;
}) {
  const total = images.length;
  return (
    <ul aria-label="Miniaturas" className="flex gap-2 overflow-x-auto p-1">
      {images.map((thumb, i) => (
        <li key={`${srcOf(thumb)}-${i}`} className="shrink-0">
          <Button
            variant="ghost"
            aria-label={`Ver imagen ${i + 1} de ${total}`}
            aria-current={i === current ? 'true' : undefined}
            onPress={() => onSelect(i)}
            className={`size-16 overflow-hidden rounded-md border-2 p-0 ${
              i === current ? 'border-brand' : 'border-transparent'
            }`}
          >
            <img
              src={thumbnailSrcOf(thumb)}
              alt=""
              loading="lazy"
              className="size-full object-cover"
            />
          </Button>
        </li>
      ))}
    </ul>
  );
}

function GalleryViewer({
  images,
  initialIndex,
}: {
  images: readonly GalleryImage[];
  initialIndex: number;
}) {
  const total = images.length;
  const { current, go, onKeyDown } = useGalleryIndex(total, initialIndex);
  if (total === 0) {
    return <p className="py-10 text-center text-sm text-fg-muted">No hay imágenes.</p>;
  }
  const image = images[current]!;
  return (
    // Arrow keys work wherever focus is inside the gallery (buttons or thumbnails).
    <div className="flex flex-col gap-3" onKeyDown={onKeyDown}>
      <GalleryStage
        image={image}
        alt={altOf(image, current, total)}
        onStep={total > 1 ? (step) => go(current + step) : undefined}
      />
      <p className="text-center text-sm font-medium text-fg" aria-live="polite" aria-atomic="true">
        {current + 1} / {total}
      </p>
      {total > 1 && <GalleryThumbnails images={images} current={current} onSelect={go} />}
    </div>
  );
}
