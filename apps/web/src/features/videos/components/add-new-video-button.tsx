import { PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The spec's 'Add New Video' button, on the Dashboard and the Videos page. */
export function AddNewVideoButton() {
  return (
    <Button asChild>
      <Link to="/videos/new">
        <PlusIcon aria-hidden />
        Add New Video
      </Link>
    </Button>
  );
}
