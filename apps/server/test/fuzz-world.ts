import type { MeasurementSubject, PlayerDetection } from '@filmroom/contract';
import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import {
  analyses,
  annotations,
  measurements,
  chatMessages,
  clips,
  coachStudents,
  mailOutbox,
  playlistItems,
  playlistShares,
  playlists,
  teamMembers,
  teamPlaylistShares,
  teams,
  teamVideoShares,
  userPhotos,
  users,
  videoShares,
  tagEvents,
  tagTemplates,
} from '../src/db/schema';
import { NO_PASSWORD } from '../src/modules/auth/password';
import { SessionService } from '../src/modules/auth/session-service';
import { suggestionIdOf } from '../src/modules/tagging/tag-suggestion-service';
import { profilePhotoKey } from '../src/modules/users/profile-photos';
import { videoKeys } from '../src/storage';
import { SESSION_COOKIE } from '../src/modules/auth';
import { uniqueEmail } from './accounts';
import { playableMp4 } from './clip-videos';
import { insertReadyExport } from './exports';
import { shotReading } from './readings';
import { storeScan } from './scans';
import type { TestContext } from './test-app';
import { insertReadyVideo } from './videos';

/**
 * The people every route is tried as. Ordered so that those who may destroy the shared data
 * (the edit share, the owner) come last: everyone before them meets the data whole.
 */
export const ROLES = [
  'signed out',
  'another coach',
  'athlete',
  'view share',
  'edit share',
  'coach',
] as const;
export type Role = (typeof ROLES)[number];

/**
 * A coach with an athlete, two videos (one shared with a viewer and an editor, one private),
 * annotations, AI Coach chats, mail kept in the outbox for the athlete and the viewer, profile
 * photos, and an invitation nobody has answered (its invitee's name and photo are no one's to
 * see); and another coach who owns nothing and holds, unconfirmed, an address the shared video
 * went to at edit access (so must not see it). Everything private carries a marker no generator can produce, so a response that
 * shows it to the wrong person is caught by a plain substring search.
 */
export type FuzzWorld = {
  cookies: Record<Role, string | undefined>;
  /** Ids a request may name, by the parameter that takes them. */
  ids: Record<
    | 'video'
    | 'annotation'
    | 'measurement'
    | 'share'
    | 'student'
    | 'player'
    | 'photo'
    | 'rosterLink'
    | 'clip'
    | 'playlist'
    | 'playlistItem'
    | 'export'
    | 'team'
    | 'teamShare'
    | 'tagTemplate'
    | 'tagEvent'
    | 'tagSuggestion',
    string[]
  >;
  /** Keys under `/uploads/` that exist or look as if they could. */
  blobKeys: string[];
  /** What each role must never read in any response. */
  forbidden: Record<Role, string[]>;
};

let smallJpeg: Promise<Buffer> | undefined;
const photoBytes = () =>
  (smallJpeg ??= sharp({
    create: { width: 32, height: 32, channels: 3, background: { r: 20, g: 90, b: 200 } },
  })
    .jpeg()
    .toBuffer());

export async function seedFuzzWorld(ctx: TestContext): Promise<FuzzWorld> {
  const { db } = ctx.database;
  const { blobs } = ctx.runtime.deps;
  const tag = randomBytes(6).toString('hex');
  const secret = (what: string) => `${what}-${tag}`;

  const [coach, athlete, otherCoach, viewer, editor, invitee] = await db
    .insert(users)
    .values(
      (['coach', 'athlete', 'other-coach', 'viewer', 'editor', 'invitee'] as const).map((who) => ({
        username: uniqueEmail(`${who}-${tag}`),
        passwordHash: NO_PASSWORD,
        name: who === 'invitee' ? secret('INVITEE-NAME') : `Fuzz ${who}`,
        isCoach: who === 'coach' || who === 'other-coach',
        // The other coach signed up with an address a share went to, and never proved it.
        emailConfirmedAt: who === 'other-coach' ? null : new Date(),
      })),
    )
    .returning();
  const people = {
    coach: coach!,
    athlete: athlete!,
    otherCoach: otherCoach!,
    viewer: viewer!,
    editor: editor!,
    invitee: invitee!,
  };
  const rosterLinks = await db
    .insert(coachStudents)
    .values([
      { coachId: people.coach.id, studentId: people.athlete.id, status: 'accepted' as const },
      { coachId: people.coach.id, studentId: people.invitee.id, status: 'pending' as const },
    ])
    .returning();

  const photoIds: string[] = [];
  const photoKeys: string[] = [];
  for (const owner of [people.athlete, people.coach, people.invitee]) {
    const id = randomUUID();
    const key = profilePhotoKey(owner.id, id);
    await blobs.write(key, Readable.from([await photoBytes()]), { contentType: 'image/jpeg' });
    await db.insert(userPhotos).values({ id, userId: owner.id, blobKey: key });
    photoIds.push(id);
    photoKeys.push(key);
  }

  const sharedVideo = await insertReadyVideo(ctx.runtime.deps, people.coach.id, {
    title: secret('SHARED-TITLE'),
  });
  const privateVideo = await insertReadyVideo(ctx.runtime.deps, people.coach.id, {
    title: secret('PRIVATE-TITLE'),
    description: secret('PRIVATE-DESCRIPTION'),
  });
  await blobs.write(videoKeys.poster(sharedVideo), Readable.from([await photoBytes()]));
  await storeScan(blobs, sharedVideo, [
    {
      id: 1,
      samples: Array.from({ length: 10 }, (_, i) => ({
        t: i / 5,
        box: [0.3, 0.2, 0.3, 0.7] as [number, number, number, number],
        score: 0.8,
        keypoints: [],
      })),
    },
  ]);
  const seen: PlayerDetection = {
    timestamp: 0,
    playerMatchId: people.athlete.id,
    confidence: 0.9,
    jerseyNumber: null,
    jerseyColor: null,
    faceDetected: false,
  };
  await db.insert(analyses).values({
    videoId: sharedVideo,
    status: 'ready',
    progress: 100,
    textAnalysis: 'Good depth.',
    coachingPoints: [],
    playerDetections: [seen],
    athletes: [shotReading([0.6, 1.4])],
  });

  const shares = await db
    .insert(videoShares)
    .values(
      [
        { email: people.viewer.username, accessLevel: 'view' as const },
        { email: people.editor.username, accessLevel: 'edit' as const },
        { email: uniqueEmail('spare'), accessLevel: 'view' as const },
        { email: people.otherCoach.username, accessLevel: 'edit' as const },
      ].map(({ email, accessLevel }) => ({
        videoId: sharedVideo,
        sharedWithEmail: email,
        accessLevel,
        sharedById: people.coach.id,
      })),
    )
    .returning();

  const pin = { timestamp: 1, xPosition: 50, yPosition: 50 };
  const label = (text: string) => ({
    shapes: [
      {
        kind: 'text' as const,
        colour: '#ffd60a' as const,
        width: 'thin' as const,
        at: { x: 50, y: 50 },
        text,
      },
    ],
  });
  const [note, privateNote] = await db
    .insert(annotations)
    .values([
      {
        ...pin,
        videoId: sharedVideo,
        userId: people.coach.id,
        content: 'Keep your elbow up',
        endTime: 2,
        drawing: label('Elbow'),
        resolvedAt: new Date(),
        resolvedBy: people.editor.id,
      },
      {
        ...pin,
        videoId: privateVideo,
        userId: people.coach.id,
        content: secret('PRIVATE-NOTE'),
        drawing: label(secret('PRIVATE-DRAWING')),
      },
    ])
    .returning();
  const [reply] = await db
    .insert(annotations)
    .values({
      ...pin,
      videoId: sharedVideo,
      parentId: note!.id,
      userId: people.viewer.id,
      content: 'Will do',
      drawing: label('Here?'),
    })
    .returning();

  const knee: MeasurementSubject = {
    kind: 'angle',
    joints: ['left_hip', 'left_knee', 'left_ankle'],
  };
  const measured = await db
    .insert(measurements)
    .values([
      { videoId: sharedVideo, userId: people.coach.id, name: 'Knee', subject: knee },
      {
        videoId: privateVideo,
        userId: people.coach.id,
        name: secret('PRIVATE-MEASURE'),
        subject: knee,
      },
    ])
    .returning();

  await db.insert(chatMessages).values([
    { videoId: sharedVideo, userId: people.coach.id, role: 'user', content: secret('COACH-CHAT') },
    {
      videoId: sharedVideo,
      userId: people.viewer.id,
      role: 'user',
      content: secret('VIEWER-CHAT'),
    },
  ]);
  // Mail the coach caused, kept for its recipients: theirs to read, never the coach's.
  await db.insert(mailOutbox).values([
    {
      senderId: people.coach.id,
      kind: 'roster',
      recipient: people.athlete.username,
      subject: 'You were added',
      body: secret('ATHLETE-MAIL'),
    },
    {
      senderId: people.coach.id,
      kind: 'share',
      recipient: people.viewer.username,
      subject: 'A video for you',
      body: secret('VIEWER-MAIL'),
    },
    {
      senderId: people.coach.id,
      kind: 'invitation',
      recipient: people.invitee.username,
      subject: 'Set a password',
      body: secret('INVITEE-MAIL'),
    },
  ]);

  // A clip of the private video (away from its note) in a playlist shared with the athlete, who
  // may play that range and learn nothing else of the video; a clip in no playlist is the
  // coach's alone. Clips are cut by ffmpeg, so their video needs real media.
  for (const video of [sharedVideo, privateVideo]) {
    await blobs.write(videoKeys.media(video), Readable.from([await playableMp4()]));
  }
  const [sharedClip, unlistedClip] = await db
    .insert(clips)
    .values([
      {
        ownerId: people.coach.id,
        videoId: privateVideo,
        title: secret('PLAYLIST-CLIP'),
        startTime: 2,
        endTime: 3,
      },
      {
        ownerId: people.coach.id,
        videoId: sharedVideo,
        title: secret('UNLISTED-CLIP'),
        startTime: 0,
        endTime: 1,
      },
    ])
    .returning();
  const [playlist] = await db
    .insert(playlists)
    .values({ ownerId: people.coach.id, title: secret('PLAYLIST-TITLE') })
    .returning();
  const items = await db
    .insert(playlistItems)
    .values({ playlistId: playlist!.id, clipId: sharedClip!.id, position: 0 })
    .returning();
  const playlistShareRows = await db
    .insert(playlistShares)
    .values(
      [people.athlete.username, uniqueEmail('spare-playlist')].map((email) => ({
        playlistId: playlist!.id,
        sharedWithEmail: email,
        sharedById: people.coach.id,
      })),
    )
    .returning();

  // The coach's team, with the athlete on it: a video shared with it (its title the team's
  // members may read) and the playlist; the other coach's team has no one on it.
  const teamVideo = await insertReadyVideo(ctx.runtime.deps, people.coach.id, {
    title: secret('TEAM-VIDEO-TITLE'),
  });
  const [team, otherTeam] = await db
    .insert(teams)
    .values([
      { coachId: people.coach.id, name: secret('TEAM-NAME'), sport: 'Basketball' },
      { coachId: people.otherCoach.id, name: secret('RIVAL-SQUAD'), sport: 'Golf' },
    ])
    .returning();
  await db.insert(teamMembers).values({ teamId: team!.id, userId: people.athlete.id });
  const teamShares = await db
    .insert(teamVideoShares)
    .values({
      teamId: team!.id,
      videoId: teamVideo,
      accessLevel: 'view',
      sharedById: people.coach.id,
    })
    .returning();
  const teamPlaylistShareRows = await db
    .insert(teamPlaylistShares)
    .values({ teamId: team!.id, playlistId: playlist!.id, sharedById: people.coach.id })
    .returning();

  // Tagging: a code window of the coach's own, and events on both videos (the private one's
  // type is the coach's secret).
  const [privateWindow] = await db
    .insert(tagTemplates)
    .values({
      ownerId: people.coach.id,
      name: secret('PRIVATE-WINDOW'),
      sport: 'Basketball',
      buttons: [
        {
          name: 'Shot',
          colour: '#f76b15',
          hotkey: 's',
          leadSeconds: 5,
          lagSeconds: 3,
          mode: 'instant' as const,
        },
      ],
      labelGroups: [{ name: 'Result', labels: [{ text: 'Made', hotkey: 'm' }] }],
      periods: ['Q1'],
    })
    .returning();
  const taggedEvents = await db
    .insert(tagEvents)
    .values([
      {
        videoId: privateVideo,
        authorId: people.coach.id,
        code: secret('PRIVATE-TAG'),
        colour: '#e5484d',
        startTime: 1,
        endTime: 2,
        labels: [],
      },
      {
        videoId: sharedVideo,
        authorId: people.coach.id,
        code: 'Shot',
        colour: '#f76b15',
        startTime: 0.5,
        endTime: 0.5,
        leadSeconds: 1,
        lagSeconds: 1,
        labels: [{ group: 'Result', text: 'Made' }],
        playerId: people.athlete.id,
        period: 'Q1',
      },
    ])
    .returning();

  const sessions = new SessionService(db);
  const cookieOf = async (userId: string) =>
    `${SESSION_COOKIE}=${(await sessions.create(userId)).token}`;

  // What each secret is, and who may read it besides its owner.
  const coachSecrets = [
    secret('PRIVATE-TITLE'),
    secret('PRIVATE-DESCRIPTION'),
    secret('PRIVATE-NOTE'),
    secret('PRIVATE-DRAWING'),
    secret('COACH-CHAT'),
    secret('UNLISTED-CLIP'),
    secret('PRIVATE-WINDOW'),
    secret('PRIVATE-TAG'),
  ];
  // No role is the invitee: nobody may see these.
  const nobodys = [secret('INVITEE-NAME'), secret('INVITEE-MAIL')];
  const everything = [
    ...coachSecrets,
    ...nobodys,
    secret('SHARED-TITLE'),
    secret('VIEWER-CHAT'),
    secret('TEAM-VIDEO-TITLE'),
    secret('TEAM-NAME'),
    secret('RIVAL-SQUAD'),
    secret('PLAYLIST-TITLE'),
    secret('PLAYLIST-CLIP'),
    secret('ATHLETE-MAIL'),
    secret('VIEWER-MAIL'),
    ...[people.coach, people.athlete, people.otherCoach, people.viewer, people.editor].map(
      (user) => user.username,
    ),
  ];
  const except = (...allowed: string[]) => everything.filter((text) => !allowed.includes(text));

  return {
    cookies: {
      'signed out': undefined,
      'another coach': await cookieOf(people.otherCoach.id),
      athlete: await cookieOf(people.athlete.id),
      'view share': await cookieOf(people.viewer.id),
      'edit share': await cookieOf(people.editor.id),
      coach: await cookieOf(people.coach.id),
    },
    ids: {
      video: [sharedVideo, privateVideo, teamVideo],
      annotation: [note!.id, reply!.id, privateNote!.id],
      measurement: measured.map((row) => row.id),
      share: [...shares, ...playlistShareRows].map((share) => share.id),
      clip: [sharedClip!.id, unlistedClip!.id],
      playlist: [playlist!.id],
      playlistItem: items.map((item) => item.id),
      student: [people.athlete.id, people.viewer.id, people.invitee.id],
      player: [people.athlete.id, people.coach.id, people.invitee.id],
      photo: photoIds,
      rosterLink: rosterLinks.map((link) => link.id),
      team: [team!.id, otherTeam!.id],
      teamShare: [...teamShares, ...teamPlaylistShareRows].map((share) => share.id),
      tagTemplate: [privateWindow!.id],
      tagEvent: taggedEvents.map((event) => event.id),
      tagSuggestion: [0.6, 1.4].map((t) =>
        suggestionIdOf(sharedVideo, null, { trackId: 1, event: 'release', t }),
      ),
      export: [
        await insertReadyExport(ctx.runtime.deps, sharedVideo, people.coach.id),
        await insertReadyExport(ctx.runtime.deps, privateVideo, people.coach.id),
      ],
    },
    blobKeys: [
      videoKeys.media(sharedVideo),
      videoKeys.poster(sharedVideo),
      videoKeys.thumbnail(sharedVideo),
      videoKeys.original(sharedVideo),
      videoKeys.media(privateVideo),
      videoKeys.annotationAudio(sharedVideo, note!.id, 'webm'),
      ...photoKeys,
    ],
    forbidden: {
      'signed out': everything,
      'another coach': except(people.otherCoach.username, secret('RIVAL-SQUAD')),
      athlete: except(
        people.athlete.username,
        people.coach.username,
        secret('ATHLETE-MAIL'),
        secret('PLAYLIST-TITLE'),
        secret('PLAYLIST-CLIP'),
        secret('TEAM-NAME'),
        secret('TEAM-VIDEO-TITLE'),
      ),
      'view share': except(
        secret('SHARED-TITLE'),
        secret('VIEWER-CHAT'),
        secret('VIEWER-MAIL'),
        people.viewer.username,
        people.coach.username,
      ),
      'edit share': except(
        secret('SHARED-TITLE'),
        people.editor.username,
        people.coach.username,
        people.viewer.username,
        people.otherCoach.username,
      ),
      // The invitation is pending: the coach knows the address, not the name or photo.
      coach: [
        secret('VIEWER-CHAT'),
        secret('ATHLETE-MAIL'),
        secret('VIEWER-MAIL'),
        secret('RIVAL-SQUAD'),
        ...nobodys,
      ],
    },
  };
}
