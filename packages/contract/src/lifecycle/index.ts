/** The ECHEQ lifecycle (LIFECYCLE.md): the state machine as data and pure functions, for server, registry and web. */
export * from './bodies';
export * from './calendar';
export * from './cbu';
export * from './cheque';
export * from './dates';
export * from './face';
export * from './guards';
export * from './holidays';
export * from './identity';
export * from './lists';
export * from './machine';
export * from './messages';
export * from './operations';
export * from './positions';
export * from './rules';
export * from './states';
export * from './trays';
