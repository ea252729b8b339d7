import type { Localization } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';

// The first Intl formatter a page creates costs tens of milliseconds (the locale's data loads): made on first use,
// not while the app starts (MUI's own `esES` makes it as soon as it is imported, on every screen).
let esNumber: Intl.NumberFormat | undefined;
function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  esNumber ??= new Intl.NumberFormat('es-ES');
  return esNumber.format(value);
}

/** MUI's Spanish texts (`esES` of @mui/material/locale, word for word), with the number format made lazily. */
const esES: Localization = {
  components: {
    MuiBreadcrumbs: { defaultProps: { expandText: 'Mostrar ruta' } },
    MuiTablePagination: {
      defaultProps: {
        getItemAriaLabel: (type) => {
          if (type === 'first') return 'Ir a la primera página';
          if (type === 'last') return 'Ir a la última página';
          if (type === 'next') return 'Ir a la página siguiente';
          return 'Ir a la página anterior';
        },
        labelRowsPerPage: 'Filas por página:',
        labelDisplayedRows: ({ from, to, count }) =>
          `${formatNumber(from)}–${formatNumber(to)} de ${count !== -1 ? formatNumber(count) : `más de ${formatNumber(to)}`}`,
      },
    },
    MuiRating: {
      defaultProps: {
        getLabelText: (value) => `${value} Estrella${value !== 1 ? 's' : ''}`,
        emptyLabelText: 'Vacío',
      },
    },
    MuiAutocomplete: {
      defaultProps: {
        clearText: 'Limpiar',
        closeText: 'Cerrar',
        loadingText: 'Cargando…',
        noOptionsText: 'Sin opciones',
        openText: 'Abierto',
      },
    },
    MuiAlert: { defaultProps: { closeText: 'Cerrar' } },
    MuiPagination: {
      defaultProps: {
        'aria-label': 'Paginador',
        getItemAriaLabel: (type, page, selected) => {
          if (type === 'page') return `${selected ? '' : 'Ir a la '}página ${page}`;
          if (type === 'first') return 'Ir a la primera página';
          if (type === 'last') return 'Ir a la última página';
          if (type === 'next') return 'Ir a la página siguiente';
          return 'Ir a la página anterior';
        },
      },
    },
  },
};

/** A calm banking look: deep blue, white surfaces, a quiet grey background, contrast ≥ 4.5:1 for text. */
export const theme = createTheme(
  {
    palette: {
      mode: 'light',
      primary: { main: '#0b3a75', light: '#3a64a3', dark: '#062653', contrastText: '#ffffff' },
      secondary: { main: '#00695c', contrastText: '#ffffff' },
      success: { main: '#1b6e3a' },
      warning: { main: '#a35a00' },
      error: { main: '#b3261e' },
      info: { main: '#0a5d8f' },
      background: { default: '#f3f5f9', paper: '#ffffff' },
      text: { primary: '#17202e', secondary: '#4a5568' },
      divider: '#dde3ec',
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
      h4: {
        fontSize: '1.75rem',
        fontWeight: 600,
        letterSpacing: 0,
        '@media (max-width:599.95px)': { fontSize: '1.4rem' },
      },
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600, fontSize: '1.125rem' },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { fontVariantNumeric: 'lining-nums' },
          'a:focus-visible': { outline: '3px solid #3a64a3', outlineOffset: 2, borderRadius: 2 },
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiButtonBase: {
        styleOverrides: {
          root: { '&.Mui-focusVisible': { outline: '3px solid #3a64a3', outlineOffset: 2 } },
        },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: { root: { borderBottom: '1px solid #dde3ec', backgroundColor: '#ffffff' } },
      },
      MuiPaper: { styleOverrides: { outlined: { borderColor: '#dde3ec' } } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600, color: '#17202e' } } },
      // A table that ends its card or paper keeps its last row clear of the card's edge.
      MuiTableContainer: { styleOverrides: { root: { '&:last-child': { paddingBottom: 8 } } } },
      MuiListItemButton: {
        styleOverrides: {
          root: {
            borderRadius: 8,
            '&.Mui-selected': { backgroundColor: '#e3ebf7', color: '#0b3a75' },
            '&.Mui-selected .MuiListItemIcon-root': { color: '#0b3a75' },
            '&.Mui-selected:hover': { backgroundColor: '#d6e2f3' },
          },
        },
      },
    },
  },
  esES,
);
