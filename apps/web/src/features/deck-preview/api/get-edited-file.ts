import { editedFileSchema, type EditedFile } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** How often a file being read is asked after: as often as a library import is. */
const readingPollMs = 700;

const isReading = (data: EditedFile | undefined) => data?.state === 'reading';

// Not under the deck's key: refreshing the deck after a save has no need to read the file again.
export const editedFileQueryKey = (deckId: string, fileId: string) =>
  ['edited-files', deckId, fileId] as const;

/** `GET /api/decks/:id/edited-files/:fileId`, asked again while the file is being read. */
export function editedFileQuery(deckId: string, fileId: string) {
  return queryOptions({
    queryKey: editedFileQueryKey(deckId, fileId),
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/decks/${encodeURIComponent(deckId)}/edited-files/${encodeURIComponent(fileId)}`,
        { schema: editedFileSchema, signal },
      ),
    refetchInterval: (query) => (isReading(query.state.data) ? readingPollMs : false),
    // Once read, the comparison does not change; refetching would only download it again.
    staleTime: (query) => (isReading(query.state.data) ? 0 : Infinity),
    retry: false,
  });
}

export function useEditedFile(deckId: string, fileId: string) {
  return useQuery(editedFileQuery(deckId, fileId));
}
