// Who is signed in. The session lives in localStorage (lib/tokens); this
// provider mirrors it in React state, restores it on start-up and refreshes the
// tokens in the background when the backend is reachable.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, refreshSession, setSessionEndedHandler } from './api';
import { clearSession, storedSession, storeTokens, storeUser, type StoredUser } from './tokens';
import { checkHealth } from './health';

interface AuthState {
  user: StoredUser | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** Stores a session from a login or registration response. */
  signIn: (data: { user?: StoredUser; accessToken?: string; refreshToken?: string }) => void;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<StoredUser | null>(() => storedSession()?.user ?? null);

  const endSession = useCallback(() => {
    clearSession();
    setUser(null);
    queryClient.removeQueries({ queryKey: ['cart'] });
  }, [queryClient]);

  useEffect(() => {
    setSessionEndedHandler(endSession);
    // On start-up: with the backend up, renew the stored session in the background.
    const session = storedSession();
    if (!session) {
      if (localStorage.getItem('accessToken') || localStorage.getItem('user')) clearSession();
      return;
    }
    void checkHealth().then(async (up) => {
      if (!up) return;
      if (!(await refreshSession())) endSession();
    });
  }, [endSession]);

  const signIn: AuthState['signIn'] = useCallback((data) => {
    if (!data.user) throw new Error('Invalid token format received');
    storeTokens(data.accessToken, data.refreshToken);
    storeUser(data.user);
    setUser(data.user);
  }, []);

  const signOut = useCallback(async () => {
    const refreshToken = storedSession()?.refreshToken;
    try {
      await api.POST('/auth/logout', { body: { refreshToken } });
    } catch {
      // Signing out locally still happens when the server cannot be reached.
    }
    endSession();
  }, [endSession]);

  const value = useMemo<AuthState>(
    () => ({ user, isAuthenticated: user !== null, isAdmin: user?.role === 'admin', signIn, signOut }),
    [user, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
