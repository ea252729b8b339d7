import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** What a route shows when rendering it failed (e.g. its code could not be downloaded after a new release). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <Box sx={{ p: 3, maxWidth: 640, mx: 'auto' }}>
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            Recargar
          </Button>
        }
      >
        <AlertTitle>No se pudo mostrar la página</AlertTitle>
        Ocurrió un error inesperado. Recargue la página para intentarlo de nuevo.
        {detail ? ` (${detail})` : null}
      </Alert>
    </Box>
  );
}
