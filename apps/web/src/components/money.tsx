import Box from '@mui/material/Box';
import { type CurrencyCode, formatAmount } from '../lib/format';

/** An amount as '$ 1.234,56 ARS', with tabular digits so columns line up. */
export function Money({
  amount,
  currency = 'ARS',
  strong = false,
}: {
  amount: number | string | null | undefined;
  currency?: CurrencyCode | string;
  strong?: boolean;
}) {
  return (
    <Box
      component="span"
      sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: strong ? 600 : undefined }}
    >
      {formatAmount(amount, currency)}
    </Box>
  );
}
