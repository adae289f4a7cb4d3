/**
 * A record that names the journaled changes made to it (application/change-journal.ts): the ids of the latest few,
 * newest last. Recovery of an interrupted change reads them to tell whether that change landed; the record's state
 * alone cannot tell: two racing revocations both leave the key revoked, and the loser's intent, judged by the state,
 * would send a second event.
 */
export interface ChangeMarked {
  readonly changeIds?: readonly string[];
}

/** How many change ids a record keeps (a change's recovery comes within seconds; a few cover any overlap). */
export const KEPT_CHANGE_IDS = 8;

/** The record with `changeId` recorded as its latest change. */
export const withChangeId = <T extends ChangeMarked>(record: T, changeId: string): T => ({
  ...record,
  changeIds: [...(record.changeIds ?? []), changeId].slice(-KEPT_CHANGE_IDS),
});

/** `after` marked with `changeId` when the change changed anything; a refused (undefined) or empty change stays so. */
export const markChange = <T extends ChangeMarked>(before: T, after: T | undefined, changeId: string): T | undefined =>
  after === undefined || after === before ? after : withChangeId(after, changeId);
