import { menuFor, type Role } from '@echeq/contract';
import AccountBalance from '@mui/icons-material/AccountBalance';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link, useLocation } from 'react-router';
import { MENU_ICONS } from './menu-icons';
import { APP_TITLE } from './menu-title';

/** The entries the role may use (contract `menuFor`), in the contract's order. */
export function SideMenu({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ gap: 1.5 }}>
        <AccountBalance sx={{ color: 'primary.main' }} aria-hidden />
        <Typography component="p" variant="h6" color="primary" noWrap>
          {APP_TITLE}
        </Typography>
      </Toolbar>
      <Divider />
      <Box component="nav" aria-label="Menú principal" sx={{ px: 1.5, py: 1.5 }}>
        <List disablePadding>
          {menuFor(role).map((entry) => {
            const selected = pathname === entry.path || pathname.startsWith(`${entry.path}/`);
            return (
              <ListItem key={entry.path} disablePadding sx={{ mb: 0.5 }}>
                <ListItemButton
                  component={Link}
                  to={entry.path}
                  selected={selected}
                  aria-current={selected ? 'page' : undefined}
                  onClick={onNavigate}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>{MENU_ICONS[entry.path]}</ListItemIcon>
                  <ListItemText primary={entry.title} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Box>
    </Box>
  );
}
