import type { CoelsaConfigCheck, CoelsaConnectionStatus } from '@echeq/contract';

/**
 * The alert's states (specification §2): verifying, error (with retry), configured and connected (with the SANDBOX
 * chip on the sandbox), needs configuration, incomplete. A configured bank whose clearing house does not answer is
 * shown as a warning with retry ('Sin conexión con COELSA').
 */
export type ClearingAlertKind = 'verifying' | 'error' | 'connected' | 'needs-config' | 'incomplete' | 'disconnected';

export function alertKindOf(check: CoelsaConfigCheck): Exclude<ClearingAlertKind, 'verifying' | 'error'> {
  const { config, connection } = check;
  if (config.isConfigured) return connection.connected ? 'connected' : 'disconnected';
  const nothing = !config.isSandbox && !config.hasUrl && !config.hasApiKey;
  return nothing ? 'needs-config' : 'incomplete';
}

/** True when the clearing-dependent functions (creating or editing cheques) can work. */
export function isClearingUsable(check: CoelsaConfigCheck | undefined): boolean {
  return !!check?.config.isConfigured;
}

/** Specification §4: SANDBOX reads 'Conectado a Sandbox' / 'Modo simulación activo'; otherwise 'Conectado' or 'Desconectado'. */
export function connectionLabel(
  status: CoelsaConnectionStatus,
  connected: boolean,
): { title: string; caption: string } {
  if (status === 'SANDBOX' && connected) return { title: 'Conectado a Sandbox', caption: 'Modo simulación activo' };
  if (connected) return { title: 'Conectado', caption: 'Conexión con COELSA activa' };
  if (status === 'NOT_CONFIGURED') return { title: 'Desconectado', caption: 'COELSA no está configurado' };
  return { title: 'Desconectado', caption: 'Sin conexión con COELSA' };
}
