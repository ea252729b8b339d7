import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** What a list shows when it has nothing, e.g. 'No hay ECHEQs en custodia', with an optional action. */
export function EmptyState({ message, icon, action }: { message: ReactNode; icon?: ReactNode; action?: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1.5,
        py: 6,
        px: 2,
        textAlign: 'center',
        color: 'text.secondary',
      }}
    >
      {icon}
      <Typography>{message}</Typography>
      {action}
    </Box>
  );
}
