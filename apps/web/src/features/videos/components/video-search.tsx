import { SearchInput } from '@/components/ui/search-input';

type VideoSearchProps = {
  value: string;
  onChange: (value: string) => void;
  className?: string;
};

/** Spec §2: the search box over a video grid, matching titles as you type. */
export function VideoSearch(props: VideoSearchProps) {
  return <SearchInput label="Search videos" placeholder="Search videos..." {...props} />;
}
