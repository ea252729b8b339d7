export { toEcheqDto } from './echeqs.mapper';
export { findEcheq, hasOpenDiscount } from './echeqs.queries';
export { echeqRoutes } from './echeqs.routes';
export {
  clearingPayload,
  companyScopeOf,
  guardDuplicateNumber,
  registerEcheq,
  staleVersion,
} from './echeqs.service';
export { decodeCursor, encodeCursor, type Keyset, keyText, likePattern } from './keyset';
export { SqlParams } from './sql';
