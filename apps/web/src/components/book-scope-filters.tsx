import { type AccountClient, canAct, type Role, scopeKindOf, type Tenant } from '@echeq/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys as keys } from '../lib/query-keys';
import { type FilterOption, SelectFilter } from './list-filters';

/** Whose rows a list shows beside the user's own: the banks (system administrator), the companies (bank staff). */
export function useBookScope(role: Role | undefined) {
  const kind = role ? scopeKindOf(role) : 'company';
  const banks = useQuery({
    queryKey: keys.tenants.list(),
    queryFn: ({ signal }) => api.get<Tenant[]>('/admin/tenants', { signal }),
    enabled: kind === 'all',
  });
  const companies = useQuery({
    queryKey: keys.accounts.clients(),
    queryFn: ({ signal }) => api.get<AccountClient[]>('/accounts/clients', { signal }),
    enabled: kind === 'tenant' && role !== undefined && canAct({ role, confirmed: true }, 'accounts:read'),
  });
  const bankNames = new Map((banks.data ?? []).map((t) => [t.id, t.nombre] as const));
  return {
    /** The system administrator sees every bank's rows: a bank column and filter. */
    byBank: kind === 'all',
    bankName: (id: string) => bankNames.get(id) ?? '',
    bankOptions: [
      { value: '', label: 'Todos' },
      ...(banks.data ?? []).map((t) => ({ value: t.id, label: t.nombre })),
    ] as FilterOption<string>[],
    companyOptions: companies.data?.length
      ? ([
          { value: '', label: 'Todas' },
          ...companies.data.map((c) => ({ value: c.id, label: c.name })),
        ] as FilterOption<string>[])
      : null,
  };
}

/** The bank filter (system administrator) and the company filter (bank staff) of a book list's toolbar. */
export function BookScopeFilters({
  scope,
  tenantId,
  companyId,
  onChange,
}: {
  scope: ReturnType<typeof useBookScope>;
  tenantId: string;
  companyId: string;
  onChange: (changes: { tenant_id?: string; company_id?: string }) => void;
}) {
  return (
    <>
      {scope.byBank ? (
        <SelectFilter
          label="Banco"
          value={tenantId}
          onChange={(v) => onChange({ tenant_id: v })}
          options={scope.bankOptions}
        />
      ) : null}
      {scope.companyOptions ? (
        <SelectFilter
          label="Empresa"
          value={companyId}
          onChange={(v) => onChange({ company_id: v })}
          options={scope.companyOptions}
        />
      ) : null}
    </>
  );
}
