import type { CoelsaStatus } from '@echeq/contract';
import type { Tone } from './stat-card';

/** Specification §4: SANDBOX reads 'Conectado a Sandbox' and 'Modo simulación activo'; otherwise 'Conectado' or 'Desconectado'. */
export function coelsaLabel(status: Pick<CoelsaStatus, 'connected' | 'status'>): {
  title: string;
  caption: string;
  tone: Tone;
} {
  if (status.status === 'SANDBOX')
    return { title: 'Conectado a Sandbox', caption: 'Modo simulación activo', tone: 'info' };
  if (status.connected) return { title: 'Conectado', caption: 'Conexión con COELSA activa', tone: 'success' };
  if (status.status === 'NOT_CONFIGURED') {
    return { title: 'Desconectado', caption: 'COELSA no está configurado', tone: 'error' };
  }
  return { title: 'Desconectado', caption: 'Sin conexión con COELSA', tone: 'error' };
}
