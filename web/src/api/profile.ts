// The signed-in user's profile: read it, change name and phone. A new phone
// number is set only with the code sent to it (POST /auth/otp/phone/send).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../lib/api';
import { useAuth } from '../lib/auth';
import type { components } from '../lib/schema';

export type Profile = components['schemas']['Profile'];
export type ProfileUpdate = components['schemas']['ProfileUpdate'];

export const FETCH_PROFILE_FAILED = 'Failed to fetch profile';
export const UPDATE_PROFILE_FAILED = 'Failed to update profile';
export const SEND_PHONE_CODE_FAILED = 'Failed to send the code. Please try again.';

export function useProfile() {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['profile', user?._id],
    queryFn: async () => unwrap(await api.GET('/users/profile'), FETCH_PROFILE_FAILED),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async (body: ProfileUpdate) => unwrap(await api.PUT('/users/profile', { body }), UPDATE_PROFILE_FAILED),
    onSuccess: (profile) => queryClient.setQueryData(['profile', user?._id], profile),
  });
}

/** Sends a code to a (new) mobile number. */
export async function sendPhoneCode(phone: string): Promise<void> {
  unwrap(await api.POST('/auth/otp/phone/send', { body: { phone } }), SEND_PHONE_CODE_FAILED);
}

/** The server's words for a refused change (a 4xx), else the fallback. */
export function profileError(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message ? error.message : fallback;
}
