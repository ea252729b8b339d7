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
export { toUserDto } from './users.mapper';
export {
  emailTaken,
  findUserByEmail,
  findUserById,
  type UserRow,
} from './users.queries';
export { usersRoutes } from './users.routes';
