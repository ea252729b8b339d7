export { toUserDto } from './users.mapper';
export {
  emailTaken,
  findOrCreateCompany,
  findUserByEmail,
  findUserById,
  USER_SELECT,
  type UserRow,
} from './users.queries';
export { usersRoutes } from './users.routes';
