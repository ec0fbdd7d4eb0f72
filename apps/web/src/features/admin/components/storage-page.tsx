import { DatabaseIcon, HardDriveIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { StatCard } from '@/components/layout/stat-card';
import { useAdminStorage } from '../api/pages';
import { formatStorage } from '../lib/format';
import { Loaded } from '@/components/layout/loaded';

/** The blob store: its kind and place, the total, and each account's share. */
export function StoragePage() {
  const storage = useAdminStorage();
  return (
    <section aria-label="Storage" className="grid gap-4">
      <Loaded query={storage} what="Storage">
        {(report) => (
          <>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              <StatCard
                label="Total"
                value={formatStorage(report.totalBytes)}
                icon={HardDriveIcon}
              />
              <StatCard
                label="File store"
                value={report.blobStore === 's3' ? 'S3' : 'Local disk'}
                icon={DatabaseIcon}
                hint={report.location}
              />
              <StatCard
                label="Not owned by an account"
                value={formatStorage(report.unownedBytes)}
                icon={HardDriveIcon}
                hint="Uploads in progress and leftovers the hourly sweep removes"
              />
            </div>
            {report.users.length === 0 ? (
              <EmptyState
                icon={HardDriveIcon}
                title="No accounts yet"
                description="Each account's files are counted here."
                titleAs="h3"
              />
            ) : (
              <table className="w-full text-sm">
                <caption className="sr-only">Storage used per account, largest first</caption>
                <thead className="text-left text-muted-foreground">
                  <tr className="border-b">
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Account
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Videos
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      Storage
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.users.map((user) => (
                    <tr key={user.id} className="border-b last:border-0">
                      <th scope="row" className="py-2 pr-3 text-left font-normal">
                        <span className="block font-medium wrap-anywhere">{user.name}</span>
                        <span className="block text-xs text-muted-foreground wrap-anywhere">
                          {user.email}
                        </span>
                      </th>
                      <td className="py-2 pr-3 text-right tabular-nums">{user.videos}</td>
                      <td className="py-2 text-right tabular-nums">{formatStorage(user.bytes)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
