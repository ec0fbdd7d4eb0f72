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
} as const satisfies Record<string, PermissionRule>;

export type PermissionRule = {
  resource: 'video' | 'team' | 'person';
  /**
   * `view`: whoever may see the resource (a video's owner and shares, a team's coach and
   * members). `edit`: whoever may change it (a video's owner and edit shares, a team's coach).
   */
  needs: 'view' | 'edit';
  /** Who holds the permission, for the reader (and the API reference one day). */
  holders: string;
  /** What someone who may see the resource, but not do this, is told (403). */
  forbidden?: string;
};

export type Permission = keyof typeof PERMISSIONS;
export type ResourceOf<P extends Permission> = (typeof PERMISSIONS)[P]['resource'];
