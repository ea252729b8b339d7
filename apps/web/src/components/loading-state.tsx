import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A spinner with 'Cargando...' (or another label); `fullPage` centres it in the whole window. */
export function LoadingState({ label = 'Cargando...', fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        py: 6,
        minHeight: fullPage ? '100vh' : undefined,
      }}
    >
      <CircularProgress size={32} aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
