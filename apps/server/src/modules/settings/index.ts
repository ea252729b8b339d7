export { settingsRoutes } from './settings.routes';
export { clearSettingsCache, DEFAULT_SETTINGS, getSettings, type PlatformSettings } from './settings.service';
