// The access module's public surface: who may do what to which resource (the permissions, the
// one requireAccess and its yes-or-no holdsPermission), and which shares, teams and playlists
// reach a person (for the lists of what they may see). It sits below every feature (users and auth included) so
// that each asks the one rule instead of reaching into the videos feature for it; it imports
// no other server module.
export { playlistReaches, sharesReaching, teamsReaching, videosSharedWith } from './video-access';
// Who may play a clip or open a playlist (clip.read, playlist.read), and the video a clip plays
// from while its owner may still view it.
export { videoOfClip, type ClipAccess } from './clip-access';
// Whether a user may see an export now, by its source (export.read): for listing one's own.
export { sightOfSource } from './export-access';
// Which code windows a user may read (template.read), for listing them.
export { templatesReadableBy } from './template-access';
// Who is on a team now: the one query, which the access rules and the teams module share.
export { acceptedTeamMembers, listTeamMemberIds } from './team-members';
// Who administers the server: the guard of the Admin area's routes (404 to anyone else).
export { grantAdminEmails, isAdministrator, requireAdministrator } from './administrators';
// Who is asking: the guard every route of a signed-in user starts with.
export { requireUser } from './signed-in-user';
// The access vocabulary: a named permission per action, checked by the one requireAccess.
export { PERMISSIONS, type Permission } from './permissions';
export { holdsPermission, requireAccess, requireAccessToEach } from './require-access';
// What each route needs, for the permission matrix test (and a reader looking for a route's rule).
export { ROUTE_ACCESS, ROUTE_GUARDS, type RouteGuard } from './route-access';
