-- The cheques' and custody records' author column is `added_by` (as on users since 0015). Migration 0003 created it
-- as `created_by`; a database made while 0003 briefly said `added_by` already has the new name, so the rename
-- happens only where the old one is found.
do $$
begin
  if exists (select 1 from information_schema.columns
             where table_schema = current_schema() and table_name = 'echeqs' and column_name = 'created_by') then
    alter table echeqs rename column created_by to added_by;
  end if;
  if exists (select 1 from information_schema.columns
             where table_schema = current_schema() and table_name = 'custody' and column_name = 'created_by') then
    alter table custody rename column created_by to added_by;
  end if;
end
$$;
