import MenuIcon from '@mui/icons-material/Menu';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingState } from '../../components/loading-state';
import { useAuth } from '../../features/auth/auth-context';
import { AccountMenu } from './account-menu';
import { menuTitleFor } from './menu-title';
import { SideMenu } from './side-menu';

/** Side menu width (specification §9). */
export const DRAWER_WIDTH = 240;

/** Top bar, side menu (permanent from `md` up, a temporary drawer below it) and the page. */
export function AppLayout() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);

  if (!user) return null;
  const closeMobile = () => setMobileOpen(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (t) => t.zIndex.tooltip,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          px: 2,
          py: 1,
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        Saltar al contenido
      </Box>
      <AppBar
        position="fixed"
        sx={{ width: { md: `calc(100% - ${DRAWER_WIDTH}px)` }, ml: { md: `${DRAWER_WIDTH}px` } }}
      >
        <Toolbar sx={{ gap: 1 }}>
          {wide ? null : (
            <IconButton edge="start" aria-label="Abrir menú" onClick={() => setMobileOpen(true)}>
              <MenuIcon />
            </IconButton>
          )}
          <Typography component="p" variant="h6" noWrap sx={{ flexGrow: 1, minWidth: 0 }} data-testid="page-title">
            {menuTitleFor(pathname)}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            noWrap
            sx={{ maxWidth: { xs: 120, sm: 260 }, flexShrink: 1 }}
            title={user.company_name || user.email}
          >
            {user.company_name || user.email}
          </Typography>
          <AccountMenu
            user={user}
            onProfile={() => navigate('/profile')}
            onLogout={() => {
              void logout();
              navigate('/login', { replace: true });
            }}
          />
        </Toolbar>
      </AppBar>
      <Box component="aside" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        {wide ? (
          <Drawer
            variant="permanent"
            open
            sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
          >
            <SideMenu role={user.role} />
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={closeMobile}
            ModalProps={{ keepMounted: true }}
            sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
          >
            <SideMenu role={user.role} onNavigate={closeMobile} />
          </Drawer>
        )}
      </Box>
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, outline: 'none' }}
      >
        <Toolbar />
        {user.confirmed === false ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Su usuario todavía no fue confirmado: puede consultar, pero no operar hasta que otro administrador lo
            confirme.
          </Alert>
        ) : null}
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
