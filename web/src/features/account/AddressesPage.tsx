// Saved addresses (/user/addresses): list, add, edit, delete (after a
// confirmation) and choose the default one, which checkout offers first.
import { useState } from 'react';
import { ADDRESS_MESSAGES as M, addressError, useAddresses, useDeleteAddress, useSaveAddress, useSetDefaultAddress, type Address, type AddressRequest } from '../../api/addresses';
import { Banners, useBanners } from '../../components/Banners';
import { Dialog } from '../../components/Dialog';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { AddressCard } from './AddressCard';
import { AddressForm } from './AddressForm';

export default function AddressesPage() {
  const addresses = useAddresses();
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  const makeDefault = useSetDefaultAddress();
  const banners = useBanners();
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const busy = save.isPending || remove.isPending || makeDefault.isPending;

  const openForm = (a: Address | 'new') => {
    save.reset();
    setEditing(a);
  };
  const submit = (body: AddressRequest) => {
    const id = editing === 'new' ? undefined : editing?._id;
    save.mutate({ id, body }, { onSuccess: () => (setEditing(null), banners.success(id ? M.updated : M.added)) });
  };
  const confirmDelete = () => {
    const a = deleting;
    setDeleting(null);
    if (!a) return;
    remove.mutate(a._id, { onSuccess: () => banners.success(M.deleted), onError: (e) => banners.error(addressError(e, M.deleteFailed)) });
  };
  const setDefault = (a: Address) =>
    makeDefault.mutate(a._id, { onSuccess: () => banners.success(M.defaultUpdated), onError: (e) => banners.error(addressError(e, M.defaultFailed)) });

  const list = addresses.data ?? [];
  return (
    <section className="page addresses-page">
      <header className="page-head section-head">
        <div>
          <h1>My Addresses</h1>
          <p className="muted">The default address is offered first at checkout.</p>
        </div>
        {list.length > 0 && (
          <button className="btn" onClick={() => openForm('new')} disabled={busy}>
            Add New Address
          </button>
        )}
      </header>
      <Banners banners={banners} />

      {addresses.isPending ? (
        <Spinner label="Loading addresses…" />
      ) : addresses.isError ? (
        <div className="empty-state" role="alert">
          <h2>{M.fetchFailed}</h2>
          <button className="btn" onClick={() => void addresses.refetch()} disabled={addresses.isFetching}>
            Try Again
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className="empty-state">
          <h2>No saved addresses</h2>
          <p className="muted">Save an address to check out faster.</p>
          <button className="btn" onClick={() => openForm('new')}>
            Add New Address
          </button>
        </div>
      ) : (
        <ul className="address-list" aria-busy={busy}>
          {list.map((a) => (
            <AddressCard key={a._id} address={a} busy={busy} onEdit={() => openForm(a)} onDelete={() => setDeleting(a)} onMakeDefault={() => setDefault(a)} />
          ))}
        </ul>
      )}

      {editing && (
        <Dialog title={editing === 'new' ? 'Add New Address' : 'Edit Address'} onClose={() => !save.isPending && setEditing(null)}>
          <AddressForm
            address={editing === 'new' ? null : editing}
            saving={save.isPending}
            error={save.isError ? addressError(save.error, M.saveFailed) : null}
            onSave={submit}
            onCancel={() => setEditing(null)}
          />
        </Dialog>
      )}

      {deleting && (
        <ConfirmDialog
          title="Delete address"
          question={M.confirmDelete}
          confirmLabel="Delete"
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        >
          {deleting.street}, {deleting.city}
        </ConfirmDialog>
      )}
    </section>
  );
}
