import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

/** A dialog's action that, when off for a reason, says the reason in its tooltip. */
export function ReasonButton({
  reason,
  busy = false,
  onClick,
  children,
}: {
  reason: string | null;
  busy?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={reason ?? ''}>
      <span>
        <Button onClick={onClick} disabled={Boolean(reason) || busy}>
          {children}
        </Button>
      </span>
    </Tooltip>
  );
}
