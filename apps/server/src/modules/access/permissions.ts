/**
 * Every action the server guards on a resource, named as Immich names its permissions
 * (`<resource>.<action>`), with who holds it and what someone who may see the resource but not
 * do the action is told (403). Anyone who may not see the resource at all is told it does not
 * exist (404): its existence is not theirs to learn. `requireAccess` checks them all.
 */
export const PERMISSIONS = {
  'video.read': {
    resource: 'video',
    needs: 'view',
    holders: 'its owner and everyone a share reaches, to their address or a team they are on',
  },
  'video.edit': {
    resource: 'video',
    needs: 'edit',
    holders: 'its owner and edit shares',
    forbidden: 'You have view access to this video: only its owner or an editor can change it',
  },
  // The same holders as video.edit today: named apart because sharing passes the video on.
  'video.share': {
    resource: 'video',
    needs: 'edit',
    holders: 'its owner and edit shares',
    forbidden: 'You have view access to this video: only its owner or an editor can change it',
  },
  // Viewers may still reply and react: only a new annotation (pin or voice note) needs edit.
  'annotation.create': {
    resource: 'video',
    needs: 'edit',
    holders: 'its owner and edit shares',
    forbidden:
      'You have view access to this video: only its owner or an editor can add annotations. You can reply and react.',
  },
  // An annotation or a reply, with its reactions: whoever may view its video.
  'annotation.read': {
    resource: 'annotation',
    needs: 'view',
    holders: 'whoever may view its video',
  },
  // Resolving or reopening a note: its author, and editors of its video.
  'annotation.edit': {
    resource: 'annotation',
    needs: 'author',
    holders: 'its author and editors of its video',
    forbidden:
      'Only the author of this annotation or an editor of the video can resolve or reopen it',
  },
  'annotation.delete': {
    resource: 'annotation',
    needs: 'author',
    holders: 'its author and editors of its video',
    forbidden: 'Only the author of this annotation or an editor of the video can delete it',
    forbiddenOnReply: 'Only the author of this reply or an editor of the video can delete it',
  },
  'team.read': { resource: 'team', needs: 'view', holders: 'its coach and its members' },
  'team.manage': {
    resource: 'team',
    needs: 'edit',
    holders: 'its coach',
    forbidden: 'Only the team’s coach can change it',
  },
  'team.share': {
    resource: 'team',
    needs: 'edit',
    holders: 'its coach',
    forbidden: 'Only the team’s coach can share with it',
  },
  // A member may take themselves off (that is team.read); only the coach removes others.
  'team.member.remove': {
    resource: 'team',
    needs: 'edit',
    holders: 'its coach',
    forbidden: 'Only the team’s coach can remove other members',
  },
  // Their name and photos: themselves, their accepted coach or athletes, and whoever may view a
  // video they were identified in or wrote on (see mayKnowPerson).
  'person.read': {
    resource: 'person',
    needs: 'view',
    holders: 'themselves, their coach or athletes, and viewers of a video they appear in',
  },
  // A clip lives on its owner's access to its video: once they may no longer view it, the clip
  // plays for nobody.
  'clip.read': {
    resource: 'clip',
    needs: 'view',
    holders: 'its owner while they may view its video, and everyone a playlist holding it reaches',
  },
  'clip.edit': {
    resource: 'clip',
    needs: 'edit',
    holders: 'its owner',
    forbidden: 'Only the clip’s owner can change or delete it',
  },
  // Adding a clip to a playlist already shared passes its picture on, as sharing the video
  // would: view means view (see onward-sharing.ts), so the clip's owner must be an editor of
  // its video; the 403 names the video.
  'clip.share': {
    resource: 'clip',
    needs: 'edit',
    holders: 'its owner, while they may edit its video',
  },
  'playlist.read': {
    resource: 'playlist',
    needs: 'view',
    holders: 'its owner and everyone it is shared with, to their address or a team they are on',
  },
  'playlist.edit': {
    resource: 'playlist',
    needs: 'edit',
    holders: 'its owner',
    forbidden: 'Only the playlist’s owner can change or share it',
  },
  // Its owner, and (view means view) only while they may edit every video its clips come from
  // that they can see; the 403 for such a video names it.
  'playlist.share': {
    resource: 'playlist',
    needs: 'edit',
    holders: 'its owner, while they may edit the videos its clips come from',
    forbidden: 'Only the playlist’s owner can change or share it',
  },
  // An export is judged by its source, never by its videos alone (see export-access.ts).
  'export.read': {
    resource: 'export',
    needs: 'view',
    holders: 'whoever may view its source now (a video, clip or playlist) while it has not expired',
  },
  // Its picture is theirs too: an editor of an exported video may take the export down. To
  // anyone else it stays "not found" (a 403 would tell a playlist's viewer who made it).
  'export.delete': {
    resource: 'export',
    needs: 'edit',
    holders: 'whoever made it, and editors of the video it was made from',
  },
  // A code window: a coach's own, shared (to read and copy) with one of their teams.
  'template.read': {
    resource: 'template',
    needs: 'view',
    holders: 'its owner and the members of the team it is shared with',
  },
  'template.edit': {
    resource: 'template',
    needs: 'edit',
    holders: 'its owner',
    forbidden: 'Only the code window’s owner can change it: copy it to make it yours',
  },
} as const satisfies Record<string, PermissionRule>;

export type PermissionRule = {
  resource:
    'video' | 'annotation' | 'team' | 'person' | 'clip' | 'playlist' | 'export' | 'template';
  /**
   * `view`: whoever may see the resource (a video's owner and shares, a team's coach and
   * members, a clip's or playlist's owner and those a playlist reaches). `edit`: whoever may
   * change it (a video's owner and edit shares, a team's coach, a clip's or playlist's owner).
   * `author`: an annotation's author, or whoever may edit its video.
   */
  needs: 'view' | 'edit' | 'author';
  /** Who holds the permission, for the reader (and the API reference one day). */
  holders: string;
  /** What someone who may see the resource, but not do this, is told (403). */
  forbidden?: string;
  /** What they are told when the annotation is a reply, where that differs. */
  forbiddenOnReply?: string;
};

export type Permission = keyof typeof PERMISSIONS;
export type ResourceOf<P extends Permission> = (typeof PERMISSIONS)[P]['resource'];
