import { SettingsView } from '../../features/settings/settings-view';

/** 'Configuración': platform settings for system administrators (the router's guard refuses the others). */
export function SettingsPage() {
  return <SettingsView />;
}
