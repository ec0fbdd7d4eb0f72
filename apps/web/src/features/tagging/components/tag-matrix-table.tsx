import type { TagEventFilter, TagRatioValue, TagStats } from '@filmroom/contract';
import { cn } from '@/lib/utils';

/** An opened cell: what it is called and the filter that picks its events. */
export type TagMatrixSelection = { title: string; filter: TagEventFilter };

/**
 * The counts table: event types × labels or players, each count a button that opens its
 * events, and the code window's ratios (made / attempted and the share) under them. A cell
 * opens with its filter (its type and column, and the period counted), as it carries no ids.
 */
export function TagMatrixTable({
  stats,
  period,
  onChoose,
  selected,
}: {
  stats: TagStats;
  period?: string;
  onChoose: (selection: TagMatrixSelection) => void;
  selected: TagMatrixSelection | null;
}) {
  const columnFilter = (column: string): TagEventFilter =>
    stats.by === 'label' ? { label: column } : { playerId: column };
  const cellButton = (title: string, filter: TagEventFilter, count: number) => (
    <button
      type="button"
      aria-label={`${count} ${title}: show events`}
      onClick={() => onChoose({ title, filter: period ? { ...filter, period } : filter })}
      className={cn(
        'min-w-8 rounded px-1.5 py-0.5 font-medium tabular-nums hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        selected?.title === title && 'bg-primary text-primary-foreground hover:bg-primary/90',
      )}
    >
      {count}
    </button>
  );
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm" data-testid="tag-matrix">
        <thead>
          <tr className="border-b text-xs text-muted-foreground">
            <th scope="col" className="py-1 pr-2 text-left font-medium">
              Event
            </th>
            <th scope="col" className="px-1 py-1 text-right font-medium">
              All
            </th>
            {stats.columns.map((column) => (
              <th key={column.key} scope="col" className="px-1 py-1 text-right font-medium">
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {stats.rows.map((row) => (
            <tr key={row.code} className="border-b last:border-0">
              <th scope="row" className="py-1 pr-2 text-left font-medium whitespace-nowrap">
                <span
                  aria-hidden
                  className="mr-1.5 inline-block size-2.5 rounded-full align-middle"
                  style={{ backgroundColor: row.colour }}
                />
                {row.code}
              </th>
              <td className="px-1 py-1 text-right">
                {cellButton(`${row.code}, all`, { code: row.code }, row.total)}
              </td>
              {stats.columns.map((column) => {
                const cell = row.cells.find((candidate) => candidate.column === column.key);
                return (
                  <td key={column.key} className="px-1 py-1 text-right">
                    {cell ? (
                      cellButton(
                        `${row.code}, ${column.title}`,
                        { code: row.code, ...columnFilter(column.key) },
                        cell.count,
                      )
                    ) : (
                      <span className="px-1.5 text-muted-foreground" aria-label="none">
                        ·
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
          {stats.ratios
            .filter((ratio) => ratio.total.attempted > 0)
            .map((ratio) => (
              <tr key={ratio.name} className="border-t-2" data-testid="tag-ratio-row">
                <th scope="row" className="py-1 pr-2 text-left font-medium whitespace-nowrap">
                  {ratio.name}
                </th>
                <td className="px-1 py-1 text-right">
                  <RatioValue value={ratio.total} />
                </td>
                {stats.columns.map((column) => {
                  const cell = ratio.cells.find((candidate) => candidate.column === column.key);
                  return (
                    <td key={column.key} className="px-1 py-1 text-right">
                      {cell ? (
                        <RatioValue value={cell} />
                      ) : (
                        <span className="px-1.5 text-muted-foreground" aria-label="none">
                          ·
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}

/** "2/3" over "66.7%": made of attempted, then the share. */
function RatioValue({ value }: { value: TagRatioValue }) {
  return (
    <span className="inline-grid justify-items-end px-1.5 leading-tight tabular-nums">
      <span className="font-medium">
        {value.made}/{value.attempted}
      </span>
      <span className="text-xs text-muted-foreground">
        {value.percentage === null ? '–' : `${value.percentage}%`}
      </span>
    </span>
  );
}
