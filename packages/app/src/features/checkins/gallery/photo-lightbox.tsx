import { fileUrl, type CheckInPhoto } from '@anaquel/api';
import { Button, ChevronLeftIcon, ChevronRightIcon, Link, Modal } from '@anaquel/ui';
import { useEffect, useRef } from 'react';
import { PhotoContext, photoAlt } from './photo-context';

export interface PhotoLightboxProps {
  photos: readonly CheckInPhoto[];
  /** The photo shown, or null when closed. */
  index: number | null;
  /** The filter's photos as the screen says them ('n / total'); null while unknown ('n / …'). */
  totalLabel: string | null;
  hasMore: boolean;
  /** Loads the next page (the lightbox moves on once it is there). */
  onLoadMore: () => void;
  onIndexChange: (index: number | null) => void;
  /** The full photo's URL (the app's: `GET files/{id}`). */
  photoSrc?: (photo: CheckInPhoto) => string;
}

const defaultSrc = (photo: CheckInPhoto) => fileUrl(photo.id);
const stepButton = 'absolute top-1/2 size-10 -translate-y-1/2 rounded-full px-0 shadow';

/** Left and Right call `step` wherever the focus is while `active` (Escape is the Modal's). */
function useArrowKeys(active: boolean, step: (by: -1 | 1) => void) {
  const latest = useRef(step);
  latest.current = step;
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') latest.current(-1);
      else if (event.key === 'ArrowRight') latest.current(1);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active]);
}

/** The photo at full size between 'Foto anterior' and 'Foto siguiente'. */
function LightboxStage({
  src,
  alt,
  canGoBack,
  canGoOn,
  onStep,
}: {
  src: string;
  alt: string;
  canGoBack: boolean;
  canGoOn: boolean;
  onStep: (by: -1 | 1) => void;
}) {
  return (
    <div className="relative flex min-h-48 items-center justify-center rounded-lg bg-surface-muted">
      <img
        key={src}
        src={src}
        alt={alt}
        className="max-h-[60vh] w-auto max-w-full object-contain"
      />
      <Button
        variant="secondary"
        size="sm"
        aria-label="Foto anterior"
        isDisabled={!canGoBack}
        onPress={() => onStep(-1)}
        className={`start-2 ${stepButton}`}
      >
        <ChevronLeftIcon />
      </Button>
      <Button
        variant="secondary"
        size="sm"
        aria-label="Foto siguiente"
        isDisabled={!canGoOn}
        onPress={() => onStep(1)}
        className={`end-2 ${stepButton}`}
      >
        <ChevronRightIcon />
      </Button>
    </div>
  );
}

/**
 * The lightbox of the gallery (issue #24), on the design system's Modal (react-aria: focus kept
 * inside, Escape closes, focus back to the thumbnail): the photo at full size, 'Foto anterior' /
 * 'Foto siguiente' and the Left/Right arrows, 'n / total' over every photo of the filter (the
 * next page loads when the last loaded one is passed), and the photo's context with a link to
 * the visit's surveys.
 */
export function PhotoLightbox({
  photos,
  index,
  totalLabel,
  hasMore,
  onLoadMore,
  onIndexChange,
  photoSrc = defaultSrc,
}: PhotoLightboxProps) {
  const wanted = useRef<number | null>(null);
  const total = totalLabel ?? '…';
  const canGoBack = index !== null && index > 0;
  const canGoOn = index !== null && (index < photos.length - 1 || hasMore);

  const step = (by: -1 | 1) => {
    if (index === null) return;
    const next = index + by;
    if (next < 0) return;
    if (next < photos.length) onIndexChange(next);
    else if (hasMore) {
      wanted.current = next;
      onLoadMore();
    }
  };

  // The page asked for arrived: show the photo the reader moved to.
  useEffect(() => {
    if (wanted.current !== null && wanted.current < photos.length) {
      onIndexChange(wanted.current);
      wanted.current = null;
    }
  }, [photos.length, onIndexChange]);

  useArrowKeys(index !== null, step);

  const photo = index === null ? undefined : photos[index];
  return (
    <Modal
      isOpen={index !== null}
      onOpenChange={(open) => {
        if (!open) onIndexChange(null);
      }}
      title={photo ? photo.pointOfSale : 'Foto'}
      size="xl"
      isDismissable
    >
      {photo && index !== null && (
        <div className="flex flex-col gap-3">
          <LightboxStage
            src={photoSrc(photo)}
            alt={photoAlt(photo)}
            canGoBack={canGoBack}
            canGoOn={canGoOn}
            onStep={step}
          />
          <p
            className="text-center text-sm font-medium text-fg tabular-nums"
            aria-live="polite"
            aria-atomic="true"
          >
            {index + 1} / {total}
          </p>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <PhotoContext photo={photo} detailed />
            <Link href={`/checkins/${photo.checkInId}/surveys`} variant="secondary">
              Ver encuestas de la visita
            </Link>
          </div>
        </div>
      )}
    </Modal>
  );
}
