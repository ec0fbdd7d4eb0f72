import type { User } from '@filmroom/contract';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { JerseyColorPicker } from './jersey-color-picker';
import { ProfilePhotos } from './profile-photos';

/** Spec §2 Settings > Jersey Colors & Photos: what helps identify the athlete in videos. */
export function JerseyColorsAndPhotosCard({ user }: { user: User }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Jersey Colors &amp; Photos</CardTitle>
        <CardDescription>
          Player detection matches shirt colours and faces to name the players it finds.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <JerseyColorPicker user={user} />
        <Separator />
        <ProfilePhotos />
      </CardContent>
    </Card>
  );
}
