import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { type Notice, NoticeSnackbar } from '../../components/notice-snackbar';
import { SimulateReceivedDialog, type SimulationTarget } from './simulate-received-dialog';

/**
 * The sandbox's "Simular ECHEQ recibido" button and its dialog, for the screens of an administrator whose bank's
 * clearing is on the sandbox (the page decides when to show it and gives the client companies).
 */
export function SimulateReceived({ companies }: { companies: readonly SimulationTarget[] }) {
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button variant="outlined" size="small" startIcon={<ScienceOutlined />} onClick={() => setOpen(true)}>
          Simular ECHEQ recibido
        </Button>
      </Box>
      {open ? (
        <SimulateReceivedDialog
          companies={companies}
          onClose={() => setOpen(false)}
          onDone={(e, company) => {
            setOpen(false);
            setNotice(`ECHEQ N° ${e.number} simulado: ${company.name} lo tiene en Recibidos`);
          }}
        />
      ) : null}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
