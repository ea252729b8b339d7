import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Shared password of the seeded demo accounts (CONTRACT §2, LIFECYCLE §7). */
const DEMO_PASSWORD = 'Demo1234!';

const DEMO_ACCOUNTS: readonly { email: string; label: string }[] = [
  { email: 'superadmin@plataforma.example', label: 'Super admin' },
  { email: 'admin@banco.example', label: 'Admin banco' },
  { email: 'operador@banco.example', label: 'Operador banco' },
  { email: 'emisor@empresa.example', label: 'Empresa emisora' },
  { email: 'autorizante@empresa.example', label: 'Empresa autorizante' },
  { email: 'beneficiario@beneficiario.example', label: 'Beneficiario' },
  { email: 'entidad@financiera.example', label: 'Entidad financiera' },
  { email: 'avalista@avalista.example', label: 'Avalista' },
  { email: 'auditor@banco.example', label: 'Auditor' },
  // Banco Norte (LIFECYCLE §7): the other bank cheques travel to and from.
  { email: 'admin@banconorte.example', label: 'Admin Banco Norte' },
  { email: 'tesoreria@norte.example', label: 'Empresa de Banco Norte' },
  // Banco Sur (CONTRACT §2): a bank of its own, to see that one bank never sees another's data; its clearing house
  // is not configured.
  { email: 'admin@bancosur.example', label: 'Admin Banco Sur' },
  { email: 'empresa@sur.example', label: 'Empresa de Banco Sur' },
];

/** The 'Usuarios de prueba' box: choosing an account fills the sign-in form with it. */
export function DemoAccounts({ onPick }: { onPick: (credentials: { email: string; password: string }) => void }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="demo-accounts-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="demo-accounts-title" component="h2" variant="h6">
        Usuarios de prueba
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Contraseña para todos:{' '}
        <Box component="code" sx={{ fontWeight: 700, color: 'text.primary', fontSize: '0.95rem' }}>
          {DEMO_PASSWORD}
        </Box>
        . Elija una cuenta para completar el formulario.
      </Typography>
      <List dense sx={{ mt: 1 }}>
        {DEMO_ACCOUNTS.map((account) => (
          <ListItem key={account.email} disablePadding>
            <ListItemButton
              onClick={() => onPick({ email: account.email, password: DEMO_PASSWORD })}
              sx={{ borderRadius: 1 }}
            >
              <ListItemText
                primary={account.label}
                secondary={account.email}
                slotProps={{
                  primary: { sx: { fontWeight: 600 } },
                  secondary: { sx: { overflowWrap: 'anywhere', color: 'text.secondary' } },
                }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
