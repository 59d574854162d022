// Is the backend reachable? GET /api/health with the spec's 3 s timeout,
// checked at start-up and every 30 s; drives the mock-mode banner.
import { useQuery } from '@tanstack/react-query';

export const HEALTH_TIMEOUT_MS = 3_000;
export const POLL_MS = 30_000;

export async function checkHealth(): Promise<boolean> {
  try {
    const res = await fetch('/api/health', { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
    return res.ok;
  } catch {
    return false;
  }
}

/** `undefined` while the first check runs, then whether the server answered. */
export function useBackendAvailable(): boolean | undefined {
  const { data } = useQuery({
    queryKey: ['health'],
    queryFn: checkHealth,
    refetchInterval: POLL_MS,
    retry: false,
    staleTime: POLL_MS,
    // Checked even when the browser says it is offline: that is when the banner matters.
    networkMode: 'always',
  });
  return data;
}
