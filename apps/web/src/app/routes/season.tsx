import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { SeasonView, type RenderGamePicker } from '@/features/tagging/components/season-view';
import { VideoPicker } from '@/features/videos/components/video-picker';

const renderPicker: RenderGamePicker = ({ picked, onToggle }) => (
  <VideoPicker picked={picked} listLabel="Games to count" onPick={(video) => onToggle(video.id)} />
);

/**
 * Issue 31's season view: /season?videos=<id>,<id>. The games picked are the address, so a
 * coach can come back to the same season or send it to an assistant.
 */
export function SeasonRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const videoIds = (searchParams.get('videos') ?? '').split(',').filter(Boolean);
  return (
    <>
      <PageHeader
        title="Season stats"
        description="Tagged events counted across the games you pick: per player, per label, with your code window's ratios."
      />
      <SeasonView
        videoIds={videoIds}
        onVideoIdsChange={(next) =>
          void navigate(
            { search: next.length > 0 ? `?videos=${next.join(',')}` : '' },
            { replace: true },
          )
        }
        renderPicker={renderPicker}
      />
    </>
  );
}
