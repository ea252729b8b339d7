export { authRoutes } from './auth.routes';
export { revokeUserSessions } from './auth.service';
