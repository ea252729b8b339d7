export {
  bankCodeFor,
  bankCodeOf,
  createAccount,
  type IssuingAccount,
  issuingAccount,
  takeNextChequeNumber,
  tenantOfBankCode,
} from './accounts.book';
export { accountsRoutes } from './accounts.routes';
