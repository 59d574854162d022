// Who is signed in. lib/tokens keeps the user (localStorage) and the access
// token (memory); this provider mirrors the user in React state and, on
// start-up, renews the session from the refresh cookie when the backend is
// reachable (ending it when the cookie no longer works). Until that start-up
// check is done `loading` is true, so the route guards wait instead of showing
// a page (or sending to /login) on a session that is about to change.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, refreshSession, setSessionEndedHandler } from './api';
import {
  accessToken,
  clearSession,
  endOfflineSession,
  OFFLINE_USER,
  offlineSession,
  startOfflineSession,
  storeAccessToken,
  storedUser,
  storeUser,
  type StoredUser,
} from './tokens';
import { checkHealth } from './health';

interface AuthState {
  user: StoredUser | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** Signed in with an offline session (the server was down): nothing can be done on the server. */
  offline: boolean;
  /** The stored session is still being checked at start-up. */
  loading: boolean;
  /** Stores a session from a login or registration response. */
  signIn: (data: { user?: StoredUser; accessToken?: string }) => void;
  signOut: () => Promise<void>;
  /** Starts an offline session (only offered while the server cannot be reached). */
  startOffline: () => void;
  /** Ends an offline session (the server is back: a real sign-in is needed). */
  endOffline: () => void;
  /** Keeps a change of the signed-in user's details (a new name from the profile page). */
  updateUser: (patch: Partial<StoredUser>) => void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<StoredUser | null>(() => storedUser());
  const [loading, setLoading] = useState(() => storedUser() !== null);
  const [offline, setOffline] = useState(() => storedUser() === null && offlineSession());

  const endSession = useCallback(() => {
    clearSession();
    setUser(null);
    setOffline(false);
    queryClient.removeQueries({ queryKey: ['cart'] });
  }, [queryClient]);

  useEffect(() => {
    setSessionEndedHandler(endSession);
    // On start-up: with the backend up, renew the stored session in the background.
    if (!storedUser()) {
      clearSession();
      setLoading(false);
      return;
    }
    // With the backend down the stored user stays (the spec's offline start-up).
    void checkHealth()
      .then(async (up) => {
        if (!up || accessToken()) return;
        // Only a refusal ends it: a renewal cut off by leaving the page (a new
        // page load while it was in flight) leaves the session for that page.
        if ((await refreshSession()) === false) endSession();
      })
      .finally(() => setLoading(false));
  }, [endSession]);

  const signIn: AuthState['signIn'] = useCallback((data) => {
    if (!data.user) throw new Error('Invalid token format received');
    storeAccessToken(data.accessToken);
    storeUser(data.user);
    setUser(data.user);
    endOfflineSession();
    setOffline(false);
  }, []);

  const startOffline = useCallback(() => {
    startOfflineSession();
    setOffline(true);
  }, []);

  const endOffline = useCallback(() => {
    endOfflineSession();
    setOffline(false);
  }, []);

  const signOut = useCallback(async () => {
    // An offline session has nothing on the server to end.
    if (offlineSession() && !storedUser()) return endSession();
    try {
      // Logging out needs an access token, and ends the cookie's session too.
      if (!accessToken()) await refreshSession();
      await api.POST('/auth/logout', { body: {} });
    } catch {
      // Signing out locally still happens when the server cannot be reached.
    }
    endSession();
  }, [endSession]);

  const updateUser = useCallback((patch: Partial<StoredUser>) => {
    const current = storedUser();
    if (!current) return;
    const next = { ...current, ...patch };
    storeUser(next);
    setUser(next);
  }, []);

  const value = useMemo<AuthState>(
    () => {
      const shown = user ?? (offline ? OFFLINE_USER : null);
      return {
        user: shown,
        isAuthenticated: shown !== null,
        isAdmin: user?.role === 'admin',
        offline: user === null && offline,
        loading,
        signIn,
        signOut,
        startOffline,
        endOffline,
        updateUser,
      };
    },
    [user, offline, loading, signIn, signOut, startOffline, endOffline, updateUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
