import type { Migration } from '../../platform/db/migrate';
import m0001 from './0001_foundation.sql?raw';
import m0002 from './0002_clearing.sql?raw';
import m0003 from './0003_echeqs_custody.sql?raw';
import m0004 from './0004_discounts.sql?raw';
import m0005 from './0005_admin.sql?raw';
import m0006 from './0006_reports.sql?raw';
import m0007 from './0007_reliability.sql?raw';
import m0008 from './0008_scale.sql?raw';
import m0009 from './0009_auth_notify.sql?raw';
import m0010 from './0010_search_pending_list.sql?raw';
import m0011 from './0011_echeq_custody_status.sql?raw';
import m0012 from './0012_custody_status_sync_noop.sql?raw';
import m0013 from './0013_search_statistics.sql?raw';
import m0014 from './0014_bank_owned_cheques.sql?raw';
import m0015 from './0015_accounts.sql?raw';
import m0016 from './0016_metrics_by_bank.sql?raw';
import m0017 from './0017_current_accounts.sql?raw';
import m0018 from './0018_registry.sql?raw';
import m0019 from './0019_added_by.sql?raw';
import m0020 from './0020_registry_copies.sql?raw';
import m0021 from './0021_list_sorts.sql?raw';
import m0022 from './0022_lifecycle_queues.sql?raw';
import m0025 from './0025_group_sorts.sql?raw';
import m0026 from './0026_lifecycle_queue_indexes.sql?raw';
import m0027 from './0027_registry_adherents.sql?raw';
import m0028 from './0028_lifecycle_counters.sql?raw';
import m0030 from './0030_registry_events_at_commit.sql?raw';
import m0031 from './0031_echeqs_hot_updates.sql?raw';
import m0032 from './0032_registry_directory_notify.sql?raw';
import m0033 from './0033_registry_events_lock_shared.sql?raw';
import m0034 from './0034_inbox_pass_function.sql?raw';

/** Every migration, in order. A new file is added here by hand, never edited once released. */
export const MIGRATIONS: readonly Migration[] = [
  { id: '0001_foundation', sql: m0001 },
  { id: '0002_clearing', sql: m0002 },
  { id: '0003_echeqs_custody', sql: m0003 },
  { id: '0004_discounts', sql: m0004 },
  { id: '0005_admin', sql: m0005 },
  { id: '0006_reports', sql: m0006 },
  { id: '0007_reliability', sql: m0007 },
  { id: '0008_scale', sql: m0008 },
  { id: '0009_auth_notify', sql: m0009 },
  { id: '0010_search_pending_list', sql: m0010 },
  { id: '0011_echeq_custody_status', sql: m0011 },
  { id: '0012_custody_status_sync_noop', sql: m0012 },
  { id: '0013_search_statistics', sql: m0013 },
  { id: '0014_bank_owned_cheques', sql: m0014 },
  { id: '0015_accounts', sql: m0015 },
  { id: '0016_metrics_by_bank', sql: m0016 },
  { id: '0017_current_accounts', sql: m0017 },
  { id: '0018_registry', sql: m0018 },
  { id: '0019_added_by', sql: m0019 },
  { id: '0020_registry_copies', sql: m0020 },
  { id: '0021_list_sorts', sql: m0021 },
  { id: '0022_lifecycle_queues', sql: m0022 },
  { id: '0025_group_sorts', sql: m0025 },
  { id: '0026_lifecycle_queue_indexes', sql: m0026 },
  { id: '0027_registry_adherents', sql: m0027 },
  { id: '0028_lifecycle_counters', sql: m0028 },
  { id: '0030_registry_events_at_commit', sql: m0030 },
  { id: '0031_echeqs_hot_updates', sql: m0031 },
  { id: '0032_registry_directory_notify', sql: m0032 },
  { id: '0033_registry_events_lock_shared', sql: m0033 },
  { id: '0034_inbox_pass_function', sql: m0034 },
];
