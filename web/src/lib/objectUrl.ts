// A picture only its owner (or an admin) may read is fetched with the
// session's token and shown through an object URL: an <img> cannot send the
// token. The URL is revoked when the picture is no longer shown.
import { useEffect, useState } from 'react';

/** An object URL for `blob` while the component shows it (null while there is none). */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setSrc(null);
    const url = URL.createObjectURL(blob);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return src;
}
