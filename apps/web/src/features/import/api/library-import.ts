import {
  importSlidesResponseSchema,
  libraryImportResponseSchema,
  type ImportSlidesRequest,
  type LibraryImportResponse,
} from '@deck-portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { libraryQueryKeys } from '../../../lib/library-api/library-query-keys.ts';

/** How often a file being read is asked after: often enough for the bar to move smoothly. */
const readingPollMs = 700;

const isReading = (data: LibraryImportResponse | undefined) => data?.state === 'reading';

/** `POST /api/library/imports`: the `.pptx` itself as the body; answers 202 while it is read. */
export function startLibraryImport(file: File) {
  return apiRequest('/api/library/imports', {
    method: 'POST',
    file,
    // The name only labels the import; encoded because a header carries no other characters.
    headers: { 'X-File-Name': encodeURIComponent(file.name) },
    schema: libraryImportResponseSchema,
  });
}

export function useStartLibraryImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startLibraryImport,
    // The page polls the import from here on; it starts from the answer, not from a request.
    onSuccess: (started) =>
      queryClient.setQueryData(libraryImportQuery(started.id).queryKey, started),
  });
}

/** `GET /api/library/imports/:id`, asked again while the file is being read. */
export function libraryImportQuery(id: string) {
  return queryOptions({
    queryKey: libraryQueryKeys.import(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/library/imports/${encodeURIComponent(id)}`, {
        schema: libraryImportResponseSchema,
        signal,
      }),
    refetchInterval: (query) => (isReading(query.state.data) ? readingPollMs : false),
    // Once read, the candidates do not change; refetching would only re-download them.
    staleTime: (query) => (isReading(query.state.data) ? 0 : Infinity),
  });
}

export function useLibraryImport(id: string) {
  return useQuery(libraryImportQuery(id));
}

/** `POST /api/library/imports/:id/slides`: the chosen slides into the library's draft. */
export function useImportLibrarySlides(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ImportSlidesRequest) =>
      apiRequest(`/api/library/imports/${encodeURIComponent(id)}/slides`, {
        method: 'POST',
        body: request,
        schema: importSlidesResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryQueryKeys.draft }),
  });
}
