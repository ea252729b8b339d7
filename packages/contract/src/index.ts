import { z } from 'zod';

// Spanish messages for every validation issue not given its own message (server and web alike).
z.config(z.locales.es());

export * from './audit';
export * from './auth';
export * from './clearing';
export * from './common';
export * from './cuit';
export * from './custody';
export * from './discounts';
export * from './echeqs';
export * from './errors';
export * from './money';
export * from './reports';
export * from './roles';
export * from './settings';
export * from './system';
export * from './tenants';
export * from './users';
