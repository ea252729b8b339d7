export { mfaRoutes } from './auth.mfa.routes';
export { authRoutes } from './auth.routes';
