import type { Share, shareVideoBodySchema } from '@filmroom/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection';
import { users, videoShares, type UserRow, type VideoShareRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-errors';
import type { Mailer } from '../../mail/mailer';
import { confirmEmailLink, shareMail } from '../../mail/messages';
import { issueEmailLink } from '../auth';
import type { Notifier } from '../notifications';
import { endAccess } from '../users';
import { requireAccess } from '../access';
import { type VideoEvents } from '../events';

type NewShare = z.output<typeof shareVideoBodySchema>;

const toShareView = (row: VideoShareRow, recipientConfirmed: boolean): Share => ({
  id: row.id,
  sharedWithEmail: row.sharedWithEmail,
  accessLevel: row.accessLevel,
  pending: !recipientConfirmed,
});

/**
 * Sharing a video by e-mail. Whoever may edit the video may share it, see its shares (with the
 * addresses) and remove them. A share names an address, not an account: it reaches the account
 * with that address once the address is confirmed (see video-access.ts). Until then it is
 * pending, and the mail to the address carries the link that confirms it.
 */
export class ShareService {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly events: VideoEvents,
    private readonly notifier: Notifier,
  ) {}

  async list(user: UserRow, videoId: string): Promise<Share[]> {
    await requireAccess(this.db, user, 'video.share', videoId);
    const rows = await this.db
      .select({ share: videoShares, confirmedAt: users.emailConfirmedAt })
      .from(videoShares)
      .leftJoin(users, eq(users.username, videoShares.sharedWithEmail))
      .where(eq(videoShares.videoId, videoId))
      .orderBy(asc(videoShares.createdAt), asc(videoShares.sharedWithEmail));
    return rows.map((row) => toShareView(row.share, row.confirmedAt != null));
  }

  /** Shares the video, or changes the level of an existing share with the same address. */
  async share(
    user: UserRow,
    videoId: string,
    { email, accessLevel }: NewShare,
    origin: string,
  ): Promise<{ share: Share; created: boolean }> {
    const { video } = await requireAccess(this.db, user, 'video.share', videoId);
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
    const [recipient] = await this.db
      .select({ id: users.id, confirmedAt: users.emailConfirmedAt })
      .from(users)
      .where(eq(users.username, email));
    const recipientConfirmed = recipient?.confirmedAt != null;
    if (!added) {
      // Sharing again changes the level; who first shared it stays the sharer shown on cards.
      const [changed] = await this.db
        .update(videoShares)
        .set({ accessLevel })
        .where(and(eq(videoShares.videoId, videoId), eq(videoShares.sharedWithEmail, email)))
        .returning();
      return { share: toShareView(changed!, recipientConfirmed), created: false };
    }

    // An unproven address gets the link that proves it (and signs up with it, if need be).
    const link = recipientConfirmed
      ? `${origin}/videos/${videoId}`
      : confirmEmailLink(origin, await issueEmailLink(this.db, email, 'address'));
    await this.mailer.send(
      shareMail({
        to: email,
        sharer: { id: user.id, name: user.name },
        videoTitle: video.title,
        accessLevel,
        link,
        recipientConfirmed,
      }),
    );
    // Their bell too; the share mail has told them already. An unproven address reaches no
    // account, so nobody's bell rings until it is proven (then the video is simply there).
    if (recipient && recipientConfirmed) {
      await this.notifier.videoShared(user.id, videoId, [recipient.id], { mailed: true });
    }
    return { share: toShareView(added, recipientConfirmed), created: true };
  }

  async remove(user: UserRow, videoId: string, shareId: string): Promise<void> {
    await requireAccess(this.db, user, 'video.share', videoId);
    const removed = await this.db
      .delete(videoShares)
      .where(and(eq(videoShares.id, shareId), eq(videoShares.videoId, videoId)))
      .returning({ id: videoShares.id, email: videoShares.sharedWithEmail });
    if (removed.length === 0) throw notFound('Share not found');
    await endAccess(this.events, this.db.$client, [{ email: removed[0]!.email }]);
  }
}
