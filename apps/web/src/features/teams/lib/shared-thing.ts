/** What can be shared with a team: a video (at view or edit level) or a playlist (view). */
export type SharedThing = { kind: 'video' | 'playlist'; id: string };

export const teamSharesPath = (thing: SharedThing) =>
  `/api/${thing.kind === 'video' ? 'videos' : 'playlists'}/${thing.id}/team-shares`;
