import type { ActionType, Echeq } from '@echeq/contract';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { actionLabel, isDestructive, shownActions } from './operations-format';

/** The operations the server says the user may do now on a cheque: buttons, or on a phone a menu. */
export function ChequeActions({
  echeq: e,
  phone,
  onAction,
}: {
  echeq: Echeq;
  phone: boolean;
  onAction: (action: ActionType, e: Echeq) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = shownActions(e);
  if (actions.length === 0) return null;
  if (phone) {
    return (
      <>
        <IconButton
          size="small"
          aria-label={`Operaciones del ECHEQ ${e.number}`}
          aria-haspopup="menu"
          onClick={(ev) => setAnchor(ev.currentTarget)}
        >
          <MoreVert fontSize="small" />
        </IconButton>
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          {actions.map((a) => (
            <MenuItem
              key={a}
              onClick={() => {
                setAnchor(null);
                onAction(a, e);
              }}
              sx={isDestructive(a) ? { color: 'error.main' } : undefined}
            >
              {actionLabel(a)}
            </MenuItem>
          ))}
        </Menu>
      </>
    );
  }
  return (
    <Box sx={{ display: 'inline-flex', gap: 0.5, justifyContent: 'flex-end' }}>
      {actions.map((a, i) => (
        <Button
          key={a}
          size="small"
          variant={i === 0 && !isDestructive(a) ? 'contained' : 'outlined'}
          color={isDestructive(a) ? 'error' : 'primary'}
          aria-label={`${actionLabel(a)} ECHEQ ${e.number}`}
          onClick={() => onAction(a, e)}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {actionLabel(a)}
        </Button>
      ))}
    </Box>
  );
}
