import type { User } from '@echeq/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { messageOf } from '../../lib/api-error';
import { formatCuit } from '../../lib/format';
import { useConfirmUser, useDecideApproval } from './api';

export type StandingChange = { user: User; action: 'approve' | 'reject' | 'confirm' };

const TEXTS = {
  approve: { title: 'Aprobar alta', confirmLabel: 'Aprobar', done: 'Alta de la empresa aprobada' },
  reject: { title: 'Rechazar alta', confirmLabel: 'Rechazar', done: 'Alta de la empresa rechazada' },
  confirm: { title: 'Confirmar usuario', confirmLabel: 'Confirmar', done: 'Usuario confirmado: ya puede operar' },
} as const;

function message({ user, action }: StandingChange): string {
  const company = `${user.company_name ?? '-'}${user.cuit ? ` (CUIT ${formatCuit(user.cuit)})` : ''}`;
  if (action === 'approve') {
    return `¿Aprobar el alta de ${company}, solicitada por ${user.email}? La empresa podrá operar con ECHEQs.`;
  }
  if (action === 'reject') {
    return `¿Rechazar el alta de ${company}, solicitada por ${user.email}? Podrá iniciar sesión, pero no operar.`;
  }
  return `¿Confirmar a ${user.email} en ${company}? Podrá depositar y liberar cheques y pedir descuentos en nombre de la empresa.`;
}

/** Asks before approving or rejecting a registration or confirming a user, and sends the decision. */
export function StandingDialog({
  change,
  onClose,
  onDone,
  onError,
}: {
  change: StandingChange | null;
  onClose: () => void;
  onDone: (notice: string) => void;
  onError: (message: string) => void;
}) {
  const decide = useDecideApproval();
  const confirm = useConfirmUser();
  const texts = TEXTS[change?.action ?? 'approve'];
  const failed = (error: unknown) => onError(messageOf(error, 'No se pudo conectar con el servidor.'));

  function onConfirm() {
    if (!change) return;
    const done = () => onDone(`${texts.done}: ${change.user.email}`);
    if (change.action === 'confirm') {
      confirm.mutate(change.user.id, { onSuccess: done, onError: failed });
    } else {
      decide.mutate(
        {
          id: change.user.id,
          decision: change.action === 'approve' ? 'APPROVE' : 'REJECT',
          from: change.user.company_approval === 'REJECTED' ? 'REJECTED' : 'PENDING',
        },
        { onSuccess: done, onError: failed },
      );
    }
  }

  return (
    <ConfirmDialog
      open={change !== null}
      title={texts.title}
      message={change ? message(change) : ''}
      confirmLabel={texts.confirmLabel}
      destructive={change?.action === 'reject'}
      loading={decide.isPending || confirm.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
