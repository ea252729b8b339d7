-- Cheaper writes of the cheques' rows (decisions 013 and 041). Every lifecycle operation writes its copies several
-- times (the `syncing` flag, then the inbox's upsert of each copy), and `echeqs` has 25 indexes.

-- Room on every page for a row's next version: an update that changes no indexed column (an operation's `syncing`,
-- `pending_key`, `sync_error`, `updated_at`; a refusal clearing them) is then a HOT update, written on the same page
-- with no index entry at all. Pages filled to 100 % (the default) had no room once the book was loaded, and each
-- such update inserted a new entry into every index. 80 and not 90: a registry copy is 1.2-1.4 kB (its registry
-- document), more than the 819 bytes 90 % leaves on a page; in the lifecycle mix at one million cheques 55 % of the
-- `syncing` rows were HOT at 100 %, 68 % at 90 %, 87 % at 80 % and no more at 70 %. Applies to pages written from
-- now on (new copies, each row's next version, the benchmark's book, loaded after the migrations); existing pages
-- are not rewritten here.
alter table echeqs set (fillfactor = 80);

-- The search's trigram index gets a bounded pending list: 64 kB instead of none (0010) or the 4 MB default that made
-- a number search three times slower. Every non-HOT update (each upsert of a copy) inserts the row's ~30 trigrams
-- into this index; written through one by one they were the costliest part of such an update. Kept in the list they
-- are merged into the index when it fills (about 50 rows), and a search reads at most its 8 pages.
alter index echeqs_search_trgm_idx set (fastupdate = on, gin_pending_list_limit = 64);
