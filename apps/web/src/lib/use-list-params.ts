import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** The rows-per-page choices of every paged list. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Reads one value of the address's query string; `undefined` when it is not a valid value (then the default). */
export type Parser<T extends string = string> = (raw: string) => T | undefined;

/** What `fromSchema` reads with: a zod schema, or anything that parses like one. */
export type SafeParser = { safeParse(v: unknown): { success: boolean; data?: unknown } };

/** A contract schema's field (`listEcheqsQuerySchema.shape.status`) as a parser: the API's rules, not a copy. */
export function fromSchema<T extends string = string>(schema: SafeParser): Parser<T> {
  return (raw) => {
    const r = schema.safeParse(raw);
    return r.success && typeof r.data === 'string' && r.data !== '' ? (r.data as T) : undefined;
  };
}

/** One of a fixed list of values. */
export function oneOf<T extends string>(values: readonly T[]): Parser<T> {
  return (raw) => (values.includes(raw as T) ? (raw as T) : undefined);
}

/** A record's number (the audit trail's ids). */
export const serial: Parser = (raw) => (/^\d{1,19}$/.test(raw) ? raw : undefined);

/** A record's id (a UUID). */
export const uuid: Parser = (raw) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw) ? raw.toLowerCase() : undefined;

type Fields = Record<string, Parser>;
type Parsed<P> = P extends Parser<infer T> ? T : never;
/** Each field's value, '' when absent or invalid (the list's default). */
type Values<F extends Fields> = { [K in keyof F]: Parsed<F[K]> | '' };

/** Which page a server-paged list shows: `index` from 0, `page` from 1 and `limit` go in the request. */
export type Paging = {
  index: number;
  page: number;
  limit: number;
  /** The keyset cursor of this page when it was reached with 'next' (fast at any depth); undefined otherwise. */
  cursor?: string;
  goTo: (index: number, cursor?: string, opts?: { replace?: boolean }) => void;
  setLimit: (limit: number) => void;
};

/** What the history entry carries besides the address: the page's cursor, and which dialog this entry opened. */
type EntryState = { listCursor?: { page: number; value: string }; opened?: string } | null;

const pageOf = (raw: string | null) => (raw && /^\d{1,9}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1);

/**
 * A list screen's state in the address's query string, so a reload or a link shows the same thing: `filters`
 * (changing one goes back to the first page; `search` is the search box's text, written after a pause and without
 * a history entry per keystroke), `extras` (a view, an open record: they keep the page), `page` and `limit`. Values
 * equal to the default are left out (a clean address for the default view); invalid ones read as the default and
 * are dropped at the next change. The keyset cursor of a page reached with 'next' travels in the history entry,
 * not in the address: a link names the page by number.
 */
export function useListParams<F extends Fields, X extends Fields = Record<never, Parser>>(spec: {
  filters: F;
  extras?: X;
  /** Rows per page when the address says nothing (10 unless the list says otherwise). */
  limit?: number;
}) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const entry = (location.state ?? null) as EntryState;
  const defaultLimit = spec.limit ?? 10;
  const fields: Fields = { ...spec.filters, ...spec.extras };

  const read = (key: string): string => {
    const raw = params.get(key);
    return raw === null ? '' : (fields[key]?.(raw) ?? '');
  };
  const filters = Object.fromEntries(Object.keys(spec.filters).map((k) => [k, read(k)])) as Values<F>;
  const extras = Object.fromEntries(Object.keys(spec.extras ?? {}).map((k) => [k, read(k)])) as Values<X>;
  const page = pageOf(params.get('page'));
  const rawLimit = Number(params.get('limit'));
  const limit = (PAGE_SIZES as readonly number[]).includes(rawLimit) ? rawLimit : defaultLimit;
  const cursor = entry?.listCursor?.page === page ? entry.listCursor.value : undefined;

  /** The next address: `changes` applied ('' removes), the page reset if asked, invalid and default values out. */
  function next(changes: Record<string, string>, resetPage: boolean): URLSearchParams {
    const out = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === '') out.delete(k);
      else out.set(k, v);
    }
    if (resetPage) out.delete('page');
    for (const [k, parse] of Object.entries(fields)) {
      const raw = out.get(k);
      if (raw !== null && parse(raw) === undefined) out.delete(k);
    }
    if (pageOf(out.get('page')) === 1) out.delete('page');
    const l = Number(out.get('limit'));
    if (!(PAGE_SIZES as readonly number[]).includes(l) || l === defaultLimit) out.delete('limit');
    return out;
  }

  function write(
    changes: Record<string, string>,
    opts: { resetPage?: boolean; replace?: boolean; cursor?: string; opened?: string } = {},
  ) {
    const to = next(changes, Boolean(opts.resetPage));
    const toPage = pageOf(to.get('page'));
    const state: EntryState = {};
    const keep = toPage === page ? cursor : undefined;
    const c = opts.cursor ?? keep;
    if (c) state.listCursor = { page: toPage, value: c };
    if (opts.opened) state.opened = opts.opened;
    setParams(to, { replace: opts.replace, state });
  }

  // The search box: its own text while typing, written to the address (replacing the entry) after a pause; a change
  // of the address from elsewhere (back, a link) puts its value in the box.
  const hasSearch = 'search' in spec.filters;
  const applied = hasSearch ? read('search') : '';
  const [text, setText] = useState(applied);
  const [seen, setSeen] = useState(applied);
  if (applied !== seen) {
    setSeen(applied);
    setText(applied);
  }
  const typed = useDebouncedValue(text.trim());
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the paused text changes, not on every render
  useEffect(() => {
    if (!hasSearch || typed === applied || typed !== text.trim()) return;
    setSeen(typed);
    write({ search: typed }, { resetPage: true, replace: true });
  }, [typed]);

  const paging: Paging = {
    index: page - 1,
    page,
    limit,
    cursor,
    goTo: (index, c, opts) => write({ page: String(index + 1) }, { cursor: c, replace: opts?.replace }),
    setLimit: (l) => write({ limit: String(l) }, { resetPage: true }),
  };

  return {
    filters,
    extras,
    paging,
    /** A filter's new value ('' for all): a new history entry, back at the first page. */
    setFilter: <K extends keyof F & string>(key: K, value: Parsed<F[K]> | '') =>
      write({ [key]: value }, { resetPage: true }),
    /** Several filters at once (a date range, 'Limpiar'). */
    setFilters: (changes: Partial<Record<keyof F & string, string>>) =>
      write(changes as Record<string, string>, { resetPage: true }),
    /** A view's choice: a new history entry, same page. */
    setExtra: <K extends keyof X & string>(key: K, value: Parsed<X[K]> | '') => write({ [key]: value }),
    /** Opens a dialog named by `key` (a record's id): a new history entry, so 'back' closes it. */
    open: <K extends keyof X & string>(key: K, value: Parsed<X[K]>) => write({ [key]: value }, { opened: key }),
    /** Closes it: back to the entry before it when this entry opened it, otherwise the address loses it in place. */
    close: (key: keyof X & string) => {
      if (!params.has(key)) return;
      if (entry?.opened === key) navigate(-1);
      else write({ [key]: '' }, { replace: true });
    },
    /** Takes a value out of the address in place (a link to a record the user may not see). */
    drop: (key: keyof X & string) => write({ [key]: '' }, { replace: true }),
    /** The search box's text (what is typed; the list follows `filters.search`). */
    searchText: text,
    setSearchText: setText,
    /** Some filter differs from its default. */
    filtered: Object.values(filters).some((v) => v !== ''),
  };
}

function useDebouncedValue(value: string, ms = 300): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}
