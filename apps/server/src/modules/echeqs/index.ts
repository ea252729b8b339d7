export {
  type EcheqHolds,
  echeqVisible,
  expireEcheq,
  lockEcheq,
  markDiscounted,
} from './echeqs.holders';
export { SPEC_FIELDS } from './echeqs.list';
export { ACTION_FACTS, actionsInPage } from './echeqs.list-actions';
export { toClearingEcheq, toEcheqDto } from './echeqs.mapper';
export type { EcheqRow } from './echeqs.queries';
export { echeqRoutes } from './echeqs.routes';
export {
  bankOwned,
  checkIssueDate,
  companyScopeOf,
  guardDuplicateNumber,
  staleVersion,
} from './echeqs.rules';
export { registerEcheq } from './echeqs.service';
export { echeqForClearing } from './echeqs.validate';
