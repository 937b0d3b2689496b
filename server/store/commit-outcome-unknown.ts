// A store transaction whose COMMIT was sent to a database server lost before it answered: the
// change may be committed or not, and only a later read can tell (docs/scaling.md, The lane soak).

/**
 * Thrown when the server is lost during COMMIT. A request that meets it is not answered: its
 * client looks the outcome up, as after an instance lost mid-request (docs/architecture.md, In
 * flight), since a refusal would tell it that nothing was done.
 */
export class CommitOutcomeUnknown extends Error {
  readonly code = 'COMMIT_OUTCOME_UNKNOWN';

  constructor(cause: unknown) {
    super('store: the database server was lost during COMMIT; the outcome is unknown', { cause });
    this.name = 'CommitOutcomeUnknown';
  }
}
