// Saved addresses (/user/addresses): list, add, edit, delete (after a
// confirmation) and choose the default one, which checkout offers first.
import { useState } from 'react';
import { addressError, useAddresses, useDeleteAddress, useSaveAddress, useSetDefaultAddress, type Address, type AddressRequest } from '../../api/addresses';
import { Banners, useBanners } from '../../components/Banners';
import { Dialog } from '../../components/Dialog';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { AddressCard } from './AddressCard';
import { AddressForm } from './AddressForm';
import { useT } from '../../lib/i18n';

const COMMA = ', ';

export default function AddressesPage() {
  const t = useT();
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
    save.mutate({ id, body }, { onSuccess: () => (setEditing(null), banners.success(id ? t('addresses.updated') : t('addresses.added'))) });
  };
  const confirmDelete = () => {
    const a = deleting;
    setDeleting(null);
    if (!a) return;
    remove.mutate(a._id, { onSuccess: () => banners.success(t('addresses.deleted')), onError: (e) => banners.error(addressError(e, t('addresses.deleteFailed'))) });
  };
  const setDefault = (a: Address) =>
    makeDefault.mutate(a._id, { onSuccess: () => banners.success(t('addresses.defaultUpdated')), onError: (e) => banners.error(addressError(e, t('addresses.defaultFailed'))) });

  const list = addresses.data ?? [];
  return (
    <section className="page addresses-page">
      <header className="page-head section-head">
        <div>
          <h1>{t('addresses.title')}</h1>
          <p className="muted">{t('addresses.intro')}</p>
        </div>
        {list.length > 0 && (
          <button className="btn" onClick={() => openForm('new')} disabled={busy}>
            {t('addresses.addNew')}
          </button>
        )}
      </header>
      <Banners banners={banners} />

      {addresses.isPending ? (
        <Spinner label={t('addresses.loading')} />
      ) : addresses.isError ? (
        <div className="empty-state" role="alert">
          <h2>{t('addresses.fetchFailed')}</h2>
          <button className="btn" onClick={() => void addresses.refetch()} disabled={addresses.isFetching}>
            {t('addresses.tryAgain')}
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className="empty-state">
          <h2>{t('addresses.empty')}</h2>
          <p className="muted">{t('addresses.emptyHint')}</p>
          <button className="btn" onClick={() => openForm('new')}>
            {t('addresses.addNew')}
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
        <Dialog title={editing === 'new' ? t('addresses.addNew') : t('addresses.editTitle')} onClose={() => !save.isPending && setEditing(null)}>
          <AddressForm
            address={editing === 'new' ? null : editing}
            saving={save.isPending}
            error={save.isError ? addressError(save.error, t('addresses.saveFailed')) : null}
            onSave={submit}
            onCancel={() => setEditing(null)}
          />
        </Dialog>
      )}

      {deleting && (
        <ConfirmDialog
          title={t('addresses.deleteTitle')}
          question={t('addresses.confirmDelete')}
          confirmLabel={t('addresses.delete')}
          cancelLabel={t('addresses.cancel')}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        >
          {deleting.street}
          {COMMA}
          {deleting.city}
        </ConfirmDialog>
      )}
    </section>
  );
}
