import { z } from 'zod';
import { ROLES } from './roles';

/** Kept apart from roles.ts so the menu and permission checks load without zod on the sign-in route. */
export const roleSchema = z.enum(ROLES, { message: 'Rol inválido' });
