import {
  checkInPhotoCountQueryOptions,
  checkInPhotosQueryOptions,
  promotersQueryOptions,
  type CheckInPhotoCount,
} from '@anaquel/api';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAppServices } from '../../../app/app-context';
import type { ScreenPrefetch } from '../../../app/screen-table';
import { useAuthStore } from '../../../stores/auth-store';
import { VisitViews } from '../visit-views';
import { GalleryFilters } from './gallery-filter-bar';
import { photoFilterFromParams } from './gallery-filters';
import { PhotoDownload } from './photo-download';
import { PhotoGrid } from './photo-grid';
import { PhotoLightbox } from './photo-lightbox';

const NO_PERMISSIONS: readonly string[] = [];

/** The filter's photos: the number the download goes by and the text the screen says. */
interface PhotoTotal {
  /** Exact, or 1 000 when capped; null while unknown. */
  count: number | null;
  /** '120', '1,000+'; null while unknown (the button without a number, 'n / …'). */
  label: string | null;
}

const UNKNOWN: PhotoTotal = { count: null, label: null };
const say = (n: number) => n.toLocaleString('es-MX');

/**
 * The filter's photos as the screen says them, from the count's own query: exact up to 1 000;
 * beyond, '1,000+' until every page is loaded (then the loaded ones are all of them). Until the
 * count answers (or if it failed), the loaded photos once every page is there, unknown before.
 */
function photoTotal(
  counted: CheckInPhotoCount | undefined,
  loaded: number,
  allLoaded: boolean,
): PhotoTotal {
  if (counted && !counted.totalCountIsCapped) {
    return { count: counted.totalCount, label: say(counted.totalCount) };
  }
  if (allLoaded) return { count: loaded, label: say(loaded) };
  if (!counted) return UNKNOWN;
  return { count: counted.totalCount, label: `${say(Math.max(counted.totalCount, loaded))}+` };
}

/**
 * The first page of the photos at the URL's filters, their count, and the promoters to filter
 * by.
 */
export const prefetch: ScreenPrefetch = (queryClient, { search, permissions }) => {
  const filter = photoFilterFromParams(search, permissions);
  void queryClient.prefetchInfiniteQuery(checkInPhotosQueryOptions(filter));
  void queryClient.prefetchQuery(checkInPhotoCountQueryOptions(filter));
  if (permissions.includes('VIEW_USERS')) void queryClient.prefetchQuery(promotersQueryOptions());
};

/**
 * `/checkins/fotos` (issue #24), a view of 'Visitas': every photo of the filtered visits (their
 * own and their answers'), newest first, as the server's thumbnails in an infinite grid with
 * their context; a lightbox with the keyboard; 'Descargar fotos (n)', one streamed ZIP.
 */
export default function GalleryPage() {
  const permissions = useAuthStore((s) => s.user?.permissions ?? NO_PERMISSIONS);
  const { onError } = useAppServices();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => photoFilterFromParams(params, permissions), [params, permissions]);
  const photos = useInfiniteQuery(checkInPhotosQueryOptions(filter));
  // Its own query, keyed by the filter alone: asked once per filter, never per page, and the
  // photos show without waiting for it (docs/gallery.md).
  const counted = useQuery(checkInPhotoCountQueryOptions(filter));
  const rows = useMemo(() => photos.data?.pages.flatMap((page) => page.rows) ?? [], [photos.data]);
  const total = photoTotal(counted.data, rows.length, photos.isSuccess && !photos.hasNextPage);
  const [open, setOpen] = useState<number | null>(null);
  const { fetchNextPage } = photos;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const setFilter = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(change)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    setParams(next, { replace: true });
    setOpen(null);
  };

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold text-fg">Visitas</h1>
      <VisitViews current="/checkins/fotos" params={params} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <GalleryFilters
          range={{ start: filter.startDate!, end: filter.endDate! }}
          promoterId={filter.promoterId}
          outOfRange={filter.outOfRange === true}
          canFilterByPromoter={permissions.includes('VIEW_USERS')}
          ids={{
            campaignId: filter.campaignId ?? null,
            pointOfSaleId: filter.pointOfSaleId ?? null,
            surveyId: filter.surveyId ?? null,
            questionId: filter.questionId ?? null,
          }}
          onChange={setFilter}
        />
        <PhotoDownload
          filter={filter}
          count={total.count}
          countLabel={total.label}
          // Without a count (it failed), the photos shown still say whether there is any.
          isCountFailed={counted.isError && rows.length > 0}
          onError={onError}
        />
      </div>
      <PhotoGrid
        photos={rows}
        totalLabel={total.label}
        isLoading={photos.isPending}
        isError={photos.isError}
        onRetry={() => void photos.refetch()}
        hasMore={photos.hasNextPage}
        isLoadingMore={photos.isFetchingNextPage}
        onLoadMore={loadMore}
        onOpen={setOpen}
      />
      <PhotoLightbox
        photos={rows}
        index={open}
        totalLabel={total.label}
        hasMore={photos.hasNextPage}
        onLoadMore={loadMore}
        onIndexChange={setOpen}
      />
    </section>
  );
}
