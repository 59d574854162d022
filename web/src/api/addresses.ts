// The signed-in user's saved addresses (the default first). Every change
// answers with the whole list, which replaces the cached one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../lib/api';
import { useAuth } from '../lib/auth';
import type { components } from '../lib/schema';

export type Address = components['schemas']['Address'];
export type AddressRequest = components['schemas']['AddressRequest'];

export const ADDRESS_MESSAGES = {
  fetchFailed: 'Failed to fetch addresses',
  saveFailed: 'Failed to save address',
  deleteFailed: 'Failed to delete address',
  defaultFailed: 'Failed to update default address',
  added: 'Address added successfully!',
  updated: 'Address updated successfully!',
  deleted: 'Address deleted successfully!',
  defaultUpdated: 'Default address updated successfully!',
  required: 'Please fill in all required fields',
  confirmDelete: 'Are you sure you want to delete this address?',
} as const;

const key = (userId: string | undefined) => ['addresses', userId];

export function useAddresses() {
  const { user } = useAuth();
  return useQuery({
    queryKey: key(user?._id),
    queryFn: async () => unwrap(await api.GET('/users/addresses'), ADDRESS_MESSAGES.fetchFailed),
  });
}

/** A mutation whose answer is the new list: cached, and the profile (which lists them too) reloads. */
function useListMutation<T>(request: (arg: T) => Promise<Address[]>) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: request,
    onSuccess: (list) => {
      queryClient.setQueryData(key(user?._id), list);
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

/** Adds an address, or changes the one with `id`. */
export function useSaveAddress() {
  return useListMutation(async ({ id, body }: { id?: string; body: AddressRequest }) =>
    id
      ? unwrap(await api.PUT('/users/addresses/{id}', { params: { path: { id } }, body }), ADDRESS_MESSAGES.saveFailed)
      : unwrap(await api.POST('/users/addresses', { body }), ADDRESS_MESSAGES.saveFailed),
  );
}

export function useDeleteAddress() {
  return useListMutation(async (id: string) =>
    unwrap(await api.DELETE('/users/addresses/{id}', { params: { path: { id } } }), ADDRESS_MESSAGES.deleteFailed),
  );
}

export function useSetDefaultAddress() {
  return useListMutation(async (id: string) =>
    unwrap(await api.PUT('/users/addresses/{id}/default', { params: { path: { id } } }), ADDRESS_MESSAGES.defaultFailed),
  );
}

/** The server's message for a refused address (400), else the fallback. */
export function addressError(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 400 && error.message ? error.message : fallback;
}
