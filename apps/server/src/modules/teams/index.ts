// The teams module's public surface: what other modules may use. The rest is the module's own.
// listTeamMemberIds names who a team reaches now (e.g. to tell them of a video shared with it).
export { listTeamMemberIds } from './team-members';
export { teamRoutes } from './routes';
