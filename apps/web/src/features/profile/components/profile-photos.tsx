import type { Photo } from '@filmroom/contract';
import { ImagePlusIcon, Trash2Icon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import photoPlaceholder from '@/assets/photo-placeholder.svg';
import { EmptyState } from '@/components/layout/empty-state';
import { ErrorState } from '@/components/layout/error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useDeletePhoto } from '../api/delete-photo';
import { usePhotos } from '../api/get-photos';
import { useUploadPhoto } from '../api/upload-photo';

const GRID = 'grid grid-cols-2 gap-3 min-[480px]:grid-cols-3 md:grid-cols-4 lg:grid-cols-5';

/** Spec §2 Profile Photos: the grid, Add Photo (images only), and its empty and error states. */
export function ProfilePhotos() {
  const photos = usePhotos();
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const hintId = useId();
  // Spec §4: the picker is emptied after each upload, so the same file can be chosen again.
  const upload = useUploadPhoto({
    onSettled: () => {
      if (input.current) input.current.value = '';
    },
  });

  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h3 id={titleId} className="font-semibold">
            Profile Photos
          </h3>
          <p id={hintId} className="max-w-prose text-sm text-muted-foreground">
            Clear photos of your face help FilmRoom recognise you in videos. The first one is your
            avatar.
          </p>
        </div>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file);
          }}
        />
        <Button
          variant="outline"
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
          aria-describedby={hintId}
        >
          {upload.isPending ? <Spinner /> : <ImagePlusIcon aria-hidden />}
          {upload.isPending ? 'Uploading...' : 'Add Photo'}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {upload.isPending ? 'Uploading photo' : ''}
      </p>

      {photos.isError && !photos.data ? (
        <ErrorState
          title="Error loading photos"
          message={photos.error.message}
          onRetry={() => void photos.refetch()}
          retrying={photos.isFetching}
          className="py-8"
          titleAs="h4"
        />
      ) : !photos.data ? (
        <div role="status" aria-label="Loading photos" className={GRID}>
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="aspect-square rounded-lg" />
          ))}
        </div>
      ) : photos.data.length === 0 && !upload.isPending ? (
        <EmptyState
          icon={ImagePlusIcon}
          title="No photos uploaded yet"
          description="Upload photos to help with player identification in videos"
          className="py-8 sm:py-10"
          titleAs="h4"
        />
      ) : (
        <ul aria-label="Profile photos" className={GRID}>
          {photos.data.map((photo, index) => (
            <PhotoTile key={photo.id} photo={photo} position={index + 1} />
          ))}
          {upload.isPending ? (
            <li
              aria-hidden
              className="grid aspect-square place-items-center rounded-lg border border-dashed bg-muted/60 text-muted-foreground"
            >
              <Spinner className="size-6" />
            </li>
          ) : null}
        </ul>
      )}
    </section>
  );
}

function PhotoTile({ photo, position }: { photo: Photo; position: number }) {
  const deletion = useDeletePhoto();
  // Spec §2: a photo that fails to load shows a placeholder image instead.
  const [broken, setBroken] = useState(false);
  const label = `Profile photo ${position}`;

  return (
    <li className="group relative aspect-square overflow-hidden rounded-lg border bg-muted">
      <img
        src={broken ? photoPlaceholder : photo.url}
        alt={broken ? `${label} (could not be loaded)` : label}
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
        className="size-full object-cover"
      />
      {position === 1 ? (
        <Badge variant="overlay" className="absolute bottom-2 left-2">
          Avatar
        </Badge>
      ) : null}
      <Button
        variant="secondary"
        size="icon-sm"
        aria-label={`Delete photo ${position}`}
        disabled={deletion.isPending}
        onClick={() => deletion.mutate(photo.id)}
        className="absolute top-2 right-2 bg-card/90 text-destructive shadow-sm backdrop-blur-sm hover:bg-card"
      >
        {deletion.isPending ? <Spinner /> : <Trash2Icon aria-hidden />}
      </Button>
    </li>
  );
}
