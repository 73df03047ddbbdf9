import { profileSchema, type Profile, type ProfileUpdate } from '@deck-portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';

const profileQueryKey = ['profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/profile', { schema: profileSchema, signal }),
  });
}

/** Every change answers the whole profile; the session (name, avatar) follows it. */
function useProfileChange<T>(change: (input: T) => Promise<Profile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

/** `PATCH /api/profile {name, jobTitle, phone}`. */
export function useUpdateProfile() {
  return useProfileChange((input: ProfileUpdate) =>
    apiRequest('/api/profile', { method: 'PATCH', body: input, schema: profileSchema }),
  );
}

/** `PUT /api/profile/photo` with the picture itself as the body. */
export function useUploadPhoto() {
  return useProfileChange((file: File) =>
    apiRequest('/api/profile/photo', { method: 'PUT', file, schema: profileSchema }),
  );
}

/** `DELETE /api/profile/photo`. */
export function useRemovePhoto() {
  return useProfileChange(() =>
    apiRequest('/api/profile/photo', { method: 'DELETE', schema: profileSchema }),
  );
}
