import { CHEQUEBOOK_REQUEST_THRESHOLD, type Chequebook, type CurrentAccount } from '@echeq/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { StatusChip } from '../../components/status-chip';
import { formatCuit, formatDate } from '../../lib/format';
import { ACCOUNT_STATUS, ACCOUNT_TITLES, CHEQUEBOOK_STATUS, formatCbu, remainingText } from './account-format';

type Props = {
  account: CurrentAccount;
  /** The bank's view names the company the account belongs to. */
  showCompany?: boolean;
  /** 'Solicitar chequera' (a company that may request one). */
  onRequest?: (account: CurrentAccount) => void;
  /** 'Activar' on a pending chequebook (the bank's administrator). */
  onActivate?: (account: CurrentAccount, chequebook: Chequebook) => void;
};

function ChequebookRow({ book, onActivate }: { book: Chequebook; onActivate?: (() => void) | undefined }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        columnGap: 2,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography component="span" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
        {book.first} – {book.last}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 160 }}>
        {book.status === 'PENDING'
          ? `Pedida el ${formatDate(book.requested_at)}`
          : book.next
            ? `Próximo ${book.next} · ${remainingText(book.remaining)}`
            : 'Todos sus números fueron usados'}
      </Typography>
      <StatusChip status={book.status} map={CHEQUEBOOK_STATUS} />
      {onActivate && book.status === 'PENDING' ? (
        <Button size="small" variant="contained" onClick={onActivate}>
          Activar
        </Button>
      ) : null}
    </Box>
  );
}

/** One current account: its CBU, state, numbers left and chequebooks, with the actions the caller may take. */
export function AccountCard({ account, showCompany = false, onRequest, onActivate }: Props) {
  const titleId = `account-${account.id}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {ACCOUNT_TITLES[account.currency]}
            {showCompany ? ` · ${account.company_name}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {showCompany ? `CUIT ${formatCuit(account.company_cuit)} · ` : ''}
            {account.bank_name}
          </Typography>
        </Box>
        <StatusChip status={account.status} map={ACCOUNT_STATUS} />
      </Box>
      <Typography variant="body2" sx={{ mt: 1.5 }}>
        CBU{' '}
        <Box
          component="span"
          sx={{ fontFamily: 'monospace', fontSize: '1rem', fontWeight: 600, wordBreak: 'break-all' }}
        >
          {formatCbu(account.cbu)}
        </Box>
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 1.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {remainingText(account.remaining)}
        </Typography>
        {onRequest ? (
          <Button
            size="small"
            variant="outlined"
            disabled={!account.can_request_chequebook}
            onClick={() => onRequest(account)}
          >
            Solicitar chequera
          </Button>
        ) : null}
        {onRequest && !account.can_request_chequebook ? (
          <Typography variant="caption" color="text.secondary">
            {account.chequebooks.some((b) => b.status === 'PENDING')
              ? 'Hay una chequera pendiente de activación por el banco'
              : `Podrá pedir otra cuando queden menos de ${CHEQUEBOOK_REQUEST_THRESHOLD} cheques`}
          </Typography>
        ) : null}
      </Box>
      <Typography variant="overline" component="h4" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
        Chequeras
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={`Chequeras de la cuenta ${account.cbu}`}>
        {account.chequebooks.map((book) => (
          <ChequebookRow
            key={book.id}
            book={book}
            onActivate={onActivate ? () => onActivate(account, book) : undefined}
          />
        ))}
      </Box>
    </Paper>
  );
}
