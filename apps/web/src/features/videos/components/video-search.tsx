import { SearchIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

type VideoSearchProps = {
  value: string;
  onChange: (value: string) => void;
  className?: string;
};

/** Spec §2: the search box over a video grid, matching titles as you type. */
export function VideoSearch({ value, onChange, className }: VideoSearchProps) {
  return (
    <div className={cn('relative w-full sm:max-w-xs', className)}>
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        aria-label="Search videos"
        placeholder="Search videos..."
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="pl-9"
      />
    </div>
  );
}
