// The coach module's public surface: its routes and services, for the composition root.
export { CoachLinkService } from './coach-link-service';
export { RosterService } from './roster-service';
export { coachRoutes } from './routes';
export { StudentService } from './student-service';
