import AccountBalance from '@mui/icons-material/AccountBalance';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { APP_TITLE } from './menu-title';

/** The frame of the sign-in and registration screens: brand on top, content centred. */
export function AuthLayout({ children, maxWidth = 480 }: { children: ReactNode; maxWidth?: number }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        bgcolor: 'background.default',
        backgroundImage: 'linear-gradient(180deg, #0b3a75 0, #0b3a75 220px, transparent 220px)',
        px: 2,
        py: { xs: 3, sm: 5 },
      }}
    >
      <Box sx={{ maxWidth, mx: 'auto' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: '#ffffff', mb: 3 }}>
          <AccountBalance fontSize="large" aria-hidden />
          <Box>
            <Typography component="p" variant="h5" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
              {APP_TITLE}
            </Typography>
            <Typography component="p" variant="body2" sx={{ color: '#dbe5f5' }}>
              Gestión de cheques electrónicos
            </Typography>
          </Box>
        </Box>
        {children}
      </Box>
    </Box>
  );
}
