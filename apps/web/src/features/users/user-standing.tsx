import type { User } from '@echeq/contract';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';

/** What a user's row or card offers to do with it. */
export type UserAction = 'view' | 'edit' | 'suspend' | 'reactivate' | 'approve' | 'reject' | 'confirm';

/** Who may approve registrations and confirm users here (users:approve), and whether it is the system admin. */
export type Approver = { id: string; isSystemAdmin: boolean };

/**
 * What keeps a user from operating, as chips beside its status: its company's registration waiting for the bank
 * (or rejected), not yet confirmed after being added to an existing company, a temporary password.
 */
export function StandingChips({ u }: { u: User }) {
  return (
    <>
      {u.company_approval === 'PENDING' ? <Chip size="small" color="warning" label="Alta pendiente" /> : null}
      {u.company_approval === 'REJECTED' ? <Chip size="small" color="error" label="Alta rechazada" /> : null}
      {!u.confirmed ? <Chip size="small" color="warning" variant="outlined" label="Sin confirmar" /> : null}
      {u.must_change_password ? <Chip size="small" variant="outlined" label="Contraseña temporal" /> : null}
    </>
  );
}

/** Approve or reject a pending registration, approve a rejected one, confirm an unconfirmed user. */
export function StandingActions({
  u,
  approver,
  onAction,
}: {
  u: User;
  approver: Approver | null;
  onAction: (action: UserAction, u: User) => void;
}) {
  if (!approver) return null;
  const company = u.company_name ?? u.email;
  const ownAddition = u.added_by === approver.id && !approver.isSystemAdmin;
  return (
    <>
      {u.company_approval === 'PENDING' || u.company_approval === 'REJECTED' ? (
        <Button
          size="small"
          color="success"
          variant="outlined"
          onClick={() => onAction('approve', u)}
          aria-label={`Aprobar el alta de ${company}`}
        >
          Aprobar
        </Button>
      ) : null}
      {u.company_approval === 'PENDING' ? (
        <Button
          size="small"
          color="error"
          onClick={() => onAction('reject', u)}
          aria-label={`Rechazar el alta de ${company}`}
        >
          Rechazar
        </Button>
      ) : null}
      {!u.confirmed ? (
        <Tooltip title={ownAddition ? 'Usted lo agregó a la empresa: otro administrador debe confirmarlo' : ''}>
          <span>
            <Button
              size="small"
              color="success"
              variant="outlined"
              disabled={ownAddition}
              onClick={() => onAction('confirm', u)}
              aria-label={`Confirmar a ${u.email}`}
            >
              Confirmar
            </Button>
          </span>
        </Tooltip>
      ) : null}
    </>
  );
}
