export { bankCodeFor, bankCodeOf, createAccount, takeNextChequeNumber } from './accounts.book';
export { accountsRoutes } from './accounts.routes';
