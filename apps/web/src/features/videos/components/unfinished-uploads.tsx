import { RotateCwIcon, Trash2Icon, UploadCloudIcon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { defaultOptions } from 'tus-js-client';
import { Button } from '@/components/ui/button';
import { formatBytes } from '../lib/upload-progress';
import { unfinishedUploads, type UnfinishedUpload } from '../lib/unfinished-uploads';

/**
 * After a reload mid-upload: the uploads this browser left unfinished, each with its title, to
 * resume (the form takes its details and asks for the same file, which tus then continues from
 * the server's last byte) or discard (the server's part goes too).
 */
export function UnfinishedUploads({ onResume }: { onResume: (upload: UnfinishedUpload) => void }) {
  const [uploads, setUploads] = useState<UnfinishedUpload[]>([]);
  const storage = defaultOptions.urlStorage;

  const reload = useCallback(() => {
    void storage
      .findAllUploads()
      .then((found) => setUploads(unfinishedUploads(found)))
      .catch(() => setUploads([]));
  }, [storage]);
  useEffect(reload, [reload]);

  async function discard(upload: UnfinishedUpload) {
    // Already gone on the server (finished elsewhere, swept as abandoned): forget it all the same.
    await fetch(upload.url, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0' } }).catch(
      () => undefined,
    );
    await storage.removeUpload(upload.key);
    reload();
  }

  if (uploads.length === 0) return null;
  return (
    <section aria-labelledby="unfinished-uploads" className="grid gap-2 rounded-xl border p-4">
      <h2 id="unfinished-uploads" className="flex items-center gap-2 text-sm font-semibold">
        <UploadCloudIcon aria-hidden className="size-4" />
        Unfinished uploads
      </h2>
      <ul className="grid gap-2">
        {uploads.map((upload) => (
          <li key={upload.key} className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <div className="grid min-w-0 flex-1 basis-48">
              <span className="truncate font-medium" title={upload.title}>
                {upload.title}
              </span>
              <span className="truncate text-xs text-muted-foreground" title={upload.fileName}>
                {upload.fileName} · {formatBytes(upload.size)}
              </span>
            </div>
            <span className="flex shrink-0 gap-2">
              <Button
                type="button"
                size="sm"
                aria-label={`Resume ${upload.title}`}
                onClick={() => onResume(upload)}
              >
                <RotateCwIcon aria-hidden />
                Resume
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                aria-label={`Discard ${upload.title}`}
                onClick={() => void discard(upload)}
              >
                <Trash2Icon aria-hidden />
                Discard
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">
        Resume fills in the details: choose the same file again and it continues where it stopped.
      </p>
    </section>
  );
}
