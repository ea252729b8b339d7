import { esES } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';

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
