// Limits and names of the history store, in one place.

/** Rows per page of the history list. */
export const HISTORY_PAGE_SIZE = 50;
/** Deleted audits stay in the trash this long (undo, other tabs) before they are purged. */
export const TRASH_KEEP_MS = 10 * 60 * 1000;
/** Search hits up to this many are read and sorted directly; more are ordered through the index. */
export const SEARCH_SMALL_RESULT = 300;
/** Title of an audit when none was given: the start of its query. */
export const TITLE_MAX_CHARS = 80;

/** The format name and version of backup files. */
export const BACKUP_FORMAT = 'citation-auditor-backup';
export const BACKUP_VERSION = 1;
/** Backup files larger than this are refused before reading (a tab would not survive parsing). */
export const BACKUP_MAX_BYTES = 512 * 1024 * 1024;
