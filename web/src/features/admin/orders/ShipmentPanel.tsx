// The admin's shipment of an order, in the order details: for a confirmed or
// processing order not shipped yet, "Create shipment" (by hand: courier, AWB
// and tracking URL; through Shiprocket: one button); once shipped, where the
// parcel is and its label.
import { rupees } from '../../../lib/money';
import { useId, useState, type FormEvent } from 'react';
import { useStoreFacts } from '../../../api/store';
import { LABEL_FAILED, SHIP_FAILED, downloadLabel, hasShipped, useCreateShipment, useTracking } from '../../../api/shipping';
import type { Order } from '../../../api/orders';
import { ApiError, messageOf } from '../../../lib/api';
import { Spinner } from '../../../components/Spinner';
import { TrackingDetails } from '../../../components/order/TrackingDetails';

type Field = 'courier' | 'awb' | 'trackingUrl';
const FIELDS: { key: Field; label: string; hint: string; missing: string; named: RegExp }[] = [
  { key: 'courier', label: 'Courier', hint: 'e.g. Delhivery', missing: 'Please enter the courier’s name', named: /courier['’]s name/i },
  { key: 'awb', label: 'AWB', hint: 'The courier’s tracking number', missing: 'Please enter the AWB', named: /\bAWB\b/ },
  { key: 'trackingUrl', label: 'Tracking URL', hint: 'https://…', missing: 'Please enter the tracking URL', named: /tracking URL/i },
];

/** The field a 400 from the server is about (its messages name the field), if any. */
export function fieldOf(message: string): Field | undefined {
  return FIELDS.find((f) => f.named.test(message))?.key;
}

export function ShipmentPanel({ order }: { order: Order }) {
  const shipped = hasShipped(order);
  const tracking = useTracking(order._id, shipped);
  const mayShip = order.status === 'confirmed' || order.status === 'processing';
  const [shippedNow, setShippedNow] = useState(false);
  if (tracking.data) return <ShippedPanel order={order} shippedNow={shippedNow} />;
  if (shipped) {
    return (
      <>
        <h3>Shipment</h3>
        {tracking.isError ? (
          <p className="notice error" role="alert">
            {messageOf(tracking.error, 'Failed to fetch the shipment')}
          </p>
        ) : (
          <Spinner label="Loading the shipment…" />
        )}
      </>
    );
  }
  if (!mayShip) return null;
  // Paid in two parts: the server refuses the shipment (409) until the customer has paid the balance.
  if (order.balanceDue > 0) {
    return (
      <>
        <h3>Shipment</h3>
        <p className="notice" role="status" data-testid="shipment-held">
          Dispatch waits for the balance of {rupees(order.balanceDue)}: the customer was e-mailed a link to pay it when
          production ended, and can pay it from their order page.
        </p>
      </>
    );
  }
  return (
    <>
      <h3>Shipment</h3>
      <CreateShipment order={order} onShipped={() => setShippedNow(true)} />
    </>
  );
}

function ShippedPanel({ order, shippedNow }: { order: Order; shippedNow: boolean }) {
  const tracking = useTracking(order._id, true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!tracking.data) return null;
  const download = () => {
    setBusy(true);
    setError(null);
    downloadLabel(order)
      .catch((e: Error) => setError(e.message || LABEL_FAILED))
      .finally(() => setBusy(false));
  };
  return (
    <TrackingDetails tracking={tracking.data} title="Shipment">
      {shippedNow && (
        <p className="notice ok" role="status">
          Order {order.orderNumber} shipped: the customer is e-mailed the tracking link.
        </p>
      )}
      <div className="row">
        <button className="btn ghost small" onClick={download} disabled={busy}>
          {busy ? 'Preparing label…' : 'Download label'}
        </button>
      </div>
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
    </TrackingDetails>
  );
}

function CreateShipment({ order, onShipped }: { order: Order; onShipped: () => void }) {
  const facts = useStoreFacts();
  const create = useCreateShipment(order._id);
  const [values, setValues] = useState<Record<Field, string>>({ courier: '', awb: '', trackingUrl: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const baseId = useId();
  if (!facts.data) return facts.isError ? <p className="notice error">{messageOf(facts.error, SHIP_FAILED)}</p> : <Spinner label="Loading…" />;

  const ship = (body: Partial<Record<Field, string>>) => {
    setFailure(null);
    create.mutate(body, {
      onSuccess: onShipped,
      onError: (e) => {
        const message = e instanceof ApiError && e.message ? e.message : SHIP_FAILED;
        const field = e instanceof ApiError && e.status === 400 ? fieldOf(message) : undefined;
        if (field) setErrors({ [field]: message });
        else setFailure(message);
      },
    });
  };

  if (facts.data.shippingProvider === 'shiprocket') {
    return (
      <div className="shipment-form">
        <p className="muted">Shiprocket books the courier, assigns the AWB and schedules the pickup.</p>
        <button className="btn small" onClick={() => ship({})} disabled={create.isPending}>
          {create.isPending ? 'Booking with Shiprocket…' : 'Book with Shiprocket'}
        </button>
        {failure && (
          <p className="notice error" role="alert">
            {failure}
          </p>
        )}
      </div>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = Object.fromEntries(FIELDS.map((f) => [f.key, values[f.key].trim()])) as Record<Field, string>;
    const missing = Object.fromEntries(FIELDS.filter((f) => !trimmed[f.key]).map((f) => [f.key, f.missing]));
    setErrors(missing);
    if (Object.keys(missing).length === 0) ship(trimmed);
  };
  return (
    <form className="shipment-form" onSubmit={submit} noValidate aria-label="Create shipment">
      <p className="muted">Booked with your courier by hand: the customer is e-mailed the tracking link.</p>
      <div className="shipment-fields">
        {FIELDS.map((f) => {
          const id = `${baseId}-${f.key}`;
          const error = errors[f.key];
          return (
            <div key={f.key} className="field">
              <label htmlFor={id}>{f.label}</label>
              <input
                id={id}
                type={f.key === 'trackingUrl' ? 'url' : 'text'}
                value={values[f.key]}
                placeholder={f.hint}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => {
                  setValues((v) => ({ ...v, [f.key]: e.target.value }));
                  setErrors((x) => ({ ...x, [f.key]: undefined }));
                }}
              />
              {error && (
                <small id={`${id}-error`} className="field-error">
                  {error}
                </small>
              )}
            </div>
          );
        })}
      </div>
      <button className="btn small" type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating the shipment…' : 'Create shipment'}
      </button>
      {failure && (
        <p className="notice error" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}
