export { bankCodeFor, bankCodeOf, createAccount, takeNextChequeNumber, tenantOfBankCode } from './accounts.book';
export { accountsRoutes } from './accounts.routes';
