import 'dayjs/locale/es';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { esES } from '@mui/x-date-pickers/locales';
import type { ReactNode } from 'react';

const localeText = esES.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * Wrap the date pickers of a screen in this (dates as DD/MM/YYYY, Spanish texts). It lives with the screens that
 * use pickers, not in the app's providers, so the pickers' code loads only on those routes.
 */
export function DateLocalization({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="es" localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}
