export { toUserDto } from './users.mapper';
export {
  emailTaken,
  findUserByEmail,
  findUserById,
  type UserRow,
} from './users.queries';
export { usersRoutes } from './users.routes';
