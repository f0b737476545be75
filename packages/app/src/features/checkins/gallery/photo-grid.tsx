import { fileThumbnailUrl, type CheckInPhoto } from '@anaquel/api';
import { Button, EmptyState, ImageIcon, SpinnerGraphic } from '@anaquel/ui';
import { useEffect, useRef } from 'react';
import { PhotoContext, photoAlt } from './photo-context';

export interface PhotoGridProps {
  photos: readonly CheckInPhoto[];
  /** The filter's photos as the screen says them ('1,000+'), or null while unknown. */
  totalLabel: string | null;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  /** Opens the lightbox at a photo. */
  onOpen: (index: number) => void;
  /** The thumbnail's URL (the app's: `GET files/{id}?size=thumb`). */
  thumbnailSrc?: (photo: CheckInPhoto) => string;
}

const NO_PHOTOS = 'No hay fotos de visitas con estos filtros.';
const NO_PHOTOS_HINT = 'Prueba con otras fechas, otro promotor o quita «Solo fuera de rango».';

const defaultThumbnail = (photo: CheckInPhoto) => fileThumbnailUrl(photo.id);

/** Calls `onVisible` when the element scrolls into view (the next page of an infinite grid). */
function useWhenVisible(onVisible: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

/**
 * The gallery's grid (issue #24): thumbnails made by the server, newest first, each with its
 * context and a button that opens it; the next page loads when the end of the grid comes near
 * (or with 'Cargar más fotos'); loading, empty and error states in Spanish.
 */
export function PhotoGrid({
  photos,
  totalLabel,
  isLoading,
  isError,
  onRetry,
  hasMore,
  isLoadingMore,
  onLoadMore,
  onOpen,
  thumbnailSrc = defaultThumbnail,
}: PhotoGridProps) {
  const sentinel = useWhenVisible(() => {
    if (hasMore && !isLoadingMore) onLoadMore();
  }, hasMore);
  if (isLoading) {
    return (
      <div role="status" className="flex items-center justify-center gap-2 py-16 text-fg-muted">
        <SpinnerGraphic size="sm" />
        Cargando fotos…
      </div>
    );
  }
  if (isError) {
    return (
      <EmptyState title="No se pudieron cargar las fotos." icon={ImageIcon}>
        <Button variant="secondary" onPress={onRetry}>
          Reintentar
        </Button>
      </EmptyState>
    );
  }
  if (photos.length === 0) {
    return <EmptyState title={NO_PHOTOS} description={NO_PHOTOS_HINT} icon={ImageIcon} />;
  }
  return (
    <div className="flex flex-col gap-4">
      <ul
        aria-label="Fotos"
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
      >
        {photos.map((photo, index) => (
          <li
            key={`${photo.id}-${photo.checkInSurveyId ?? 'v'}`}
            className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-2"
          >
            <Button
              variant="ghost"
              aria-label={`Ver foto ${index + 1}${totalLabel === null ? '' : ` de ${totalLabel}`}: ${photoAlt(photo)}`}
              onPress={() => onOpen(index)}
              className="aspect-square h-auto w-full overflow-hidden rounded-md p-0"
            >
              <img
                src={thumbnailSrc(photo)}
                alt=""
                loading="lazy"
                decoding="async"
                className="size-full bg-surface-muted object-cover"
              />
            </Button>
            <PhotoContext photo={photo} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="flex justify-center">
        {hasMore && (
          <Button variant="secondary" isPending={isLoadingMore} onPress={onLoadMore}>
            Cargar más fotos
          </Button>
        )}
      </div>
    </div>
  );
}
