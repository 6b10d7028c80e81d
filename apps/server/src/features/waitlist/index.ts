/** The waitlist and contact forms. */
export { waitlistRoutes } from './routes.ts';
