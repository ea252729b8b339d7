export { ownAccount, signInAccount, userView } from './users.account';
export {
  banksOfCuits,
  type ClientCompany,
  clientById,
  clientsByCuit,
  clientsToAdhere,
  markAdhered,
} from './users.companies';
export {
  insertRegistration,
  recordLogin,
  registrationTarget,
  setOwnPassword,
  setPendingMfaSecret,
  setProfile,
  turnMfaOff,
  turnMfaOn,
  useMfaStep,
} from './users.credentials';
export { emailTaken } from './users.queries';
export { usersRoutes } from './users.routes';
