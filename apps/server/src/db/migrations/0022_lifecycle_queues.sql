-- The lifecycle's lists (issue 22). The paying bank's queue: its bank copies PRESENTADO, oldest clearing date first
-- (the registry set it when the cheque was deposited), paged by (clearing date, id). The daily pass that keeps
-- `awaiting` true for the date: the copies in a state that is not final, by id (a few percent of the book).
create index echeqs_presented_idx on echeqs (tenant_id, ((registry -> 'deposit' ->> 'clearing_date')), id)
  where state = 'PRESENTADO' and bank_copy and deleted_at is null;
create index echeqs_open_copies_idx on echeqs (id)
  where cheque_id is not null and deleted_at is null
    and state not in ('PAGADO', 'ANULADO', 'REPUDIADO', 'CADUCADO', 'RECHAZADO');
