export { settingsRoutes } from './settings.routes';
export { getSettings } from './settings.service';
