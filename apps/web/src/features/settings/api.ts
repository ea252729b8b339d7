import type { SettingsDto, UpdateSettingsBody } from '@echeq/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys as keys, useInvalidate } from '../../lib/query-keys';

/** GET /settings: the platform settings and every bank's discount rate. */
export const settingsQuery = () =>
  queryOptions({
    queryKey: keys.settings.all(),
    queryFn: ({ signal }) => api.get<SettingsDto>('/settings', { signal }),
  });

export function useUpdateSettings() {
  const qc = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: UpdateSettingsBody) => api.put<SettingsDto>('/settings', body),
    onSuccess: async (data) => {
      qc.setQueryData(keys.settings.all(), data);
      // The administration panel shows the banks' rates too.
      await invalidate([keys.tenants.list()]);
    },
  });
}
