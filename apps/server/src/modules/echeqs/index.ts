export { toEcheqDto } from './echeqs.mapper';
export { findEcheq, hasOpenDiscount } from './echeqs.queries';
export { echeqRoutes } from './echeqs.routes';
export {
  bankOwned,
  checkIssueDate,
  clearingPayload,
  companyScopeOf,
  guardDuplicateNumber,
  registerEcheq,
  staleVersion,
} from './echeqs.service';
export { decodeCursor, type Keyset, keysetPage, keyText, likePattern } from './keyset';
export { SqlParams } from './sql';
