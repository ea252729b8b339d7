export { toClearingEcheq, toEcheqDto } from './echeqs.mapper';
export { type EcheqLock, type EcheqRow, expireEcheq, findEcheq, markDiscounted } from './echeqs.queries';
export { echeqRoutes } from './echeqs.routes';
export {
  bankOwned,
  checkIssueDate,
  companyScopeOf,
  echeqNotFound,
  guardDuplicateNumber,
  staleVersion,
} from './echeqs.rules';
export { type EcheqHolds, registerEcheq } from './echeqs.service';
export { echeqForClearing } from './echeqs.validate';
