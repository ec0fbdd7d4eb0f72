import type { Share, shareVideoBodySchema } from '@filmroom/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection';
import { users, videoShares, type UserRow, type VideoShareRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-errors';
import type { Mailer } from '../../mail/mailer';
import { shareMail } from '../../mail/messages';
import { endAccess } from '../users/end-access';
import { requireVideoAccess } from '../videos/video-access';

type NewShare = z.output<typeof shareVideoBodySchema>;

const toShareView = (row: VideoShareRow): Share => ({
  id: row.id,
  sharedWithEmail: row.sharedWithEmail,
  accessLevel: row.accessLevel,
});

/**
 * Sharing a video by e-mail. Whoever may edit the video may share it, see its shares and remove
 * them. A share names an address, not an account: whoever holds or later opens an account with
 * that address has the access (see video-access.ts).
 */
export class ShareService {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
  ) {}

  async list(user: UserRow, videoId: string): Promise<Share[]> {
    await requireVideoAccess(this.db, user, videoId, 'edit');
    const rows = await this.db
      .select()
      .from(videoShares)
      .where(eq(videoShares.videoId, videoId))
      .orderBy(asc(videoShares.createdAt), asc(videoShares.sharedWithEmail));
    return rows.map(toShareView);
  }

  /** Shares the video, or changes the level of an existing share with the same address. */
  async share(
    user: UserRow,
    videoId: string,
    { email, accessLevel }: NewShare,
    origin: string,
  ): Promise<{ share: Share; created: boolean }> {
    const { video } = await requireVideoAccess(this.db, user, videoId, 'edit');
    if (email === user.username) throw badRequest('You cannot share a video with yourself');
    const [owner] = await this.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, video.ownerId));
    if (email === owner?.username) {
      throw badRequest('You cannot share a video with its owner: they always have full access');
    }

    const [added] = await this.db
      .insert(videoShares)
      .values({ videoId, sharedWithEmail: email, accessLevel, sharedById: user.id })
      .onConflictDoNothing({ target: [videoShares.videoId, videoShares.sharedWithEmail] })
      .returning();
    if (!added) {
      // Sharing again changes the level; who first shared it stays the sharer shown on cards.
      const [changed] = await this.db
        .update(videoShares)
        .set({ accessLevel })
        .where(and(eq(videoShares.videoId, videoId), eq(videoShares.sharedWithEmail, email)))
        .returning();
      return { share: toShareView(changed!), created: false };
    }

    const [recipient] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, email));
    await this.mailer.send(
      shareMail({
        to: email,
        sharer: { id: user.id, name: user.name },
        videoTitle: video.title,
        accessLevel,
        link: `${origin}/videos/${videoId}`,
        recipientHasAccount: recipient !== undefined,
      }),
    );
    return { share: toShareView(added), created: true };
  }

  async remove(user: UserRow, videoId: string, shareId: string): Promise<void> {
    await requireVideoAccess(this.db, user, videoId, 'edit');
    const removed = await this.db
      .delete(videoShares)
      .where(and(eq(videoShares.id, shareId), eq(videoShares.videoId, videoId)))
      .returning({ id: videoShares.id, email: videoShares.sharedWithEmail });
    if (removed.length === 0) throw notFound('Share not found');
    await endAccess(this.db.$client, [{ email: removed[0]!.email }]);
  }
}
