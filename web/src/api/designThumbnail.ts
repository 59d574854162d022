// A saved design's thumbnail: a PNG only its owner may read, so it is fetched
// with the session's token and shown through an object URL (an <img> cannot
// send the token). Its address names the design's version, so a cached
// picture is never stale.
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { useObjectUrl } from '../lib/objectUrl';
import type { SavedDesign } from './designs';

async function fetchThumbnail(id: string, thumbnailUrl: string): Promise<Blob> {
  const search = new URL(thumbnailUrl, location.origin).search;
  const result = await api.GET('/designs/{id}/thumbnail', { params: { path: { id } }, parseAs: 'blob', querySerializer: () => search });
  if (result.error !== undefined || !result.data) throw new Error('Thumbnail not available');
  return result.data as Blob;
}

/** The thumbnail's object URL (revoked when no longer shown); `failed` when there is none to show. */
export function useDesignThumbnail(design: Pick<SavedDesign, '_id' | 'thumbnailUrl'>): { src: string | null; failed: boolean } {
  const blob = useQuery({
    queryKey: ['designs', 'thumbnail', design._id, design.thumbnailUrl],
    queryFn: () => fetchThumbnail(design._id, design.thumbnailUrl),
    staleTime: Infinity,
    retry: 1,
  });
  return { src: useObjectUrl(blob.data), failed: blob.isError };
}
