import type { SettingsDto, UpdateSettingsBody } from '@echeq/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const settingsKeys = { all: ['settings'] as const };

/** GET /settings: the platform settings and every bank's discount rate. */
export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => api.get<SettingsDto>('/settings', { signal }),
  });

export function useUpdateSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsBody) => api.put<SettingsDto>('/settings', body),
    onSuccess: async (data) => {
      qc.setQueryData(settingsKeys.all, data);
      // The admin panel shows the banks' rates too.
      await qc.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
