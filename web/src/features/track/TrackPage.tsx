// /track: anyone with an order number and the e-mail it was placed with sees
// its status, its timeline and where the parcel is. The server gives no
// address and no items, and one message for a wrong number or e-mail.
import { useMutation } from '@tanstack/react-query';
import { trackOrder } from '../../api/shipping';
import { serverErrorText } from '../../lib/api';
import { LookupForm } from '../../components/LookupForm';
import { StatusChip } from '../../components/order/StatusChip';
import { TimelineList } from '../../components/order/TimelineList';
import { TrackingDetails } from '../../components/order/TrackingDetails';
import { useT } from '../../lib/i18n';
import './track.css';

export default function TrackPage() {
  const track = useMutation({ mutationFn: ({ n, e }: { n: string; e: string }) => trackOrder(n, e) });
  const answer = track.data;
  const t = useT();
  const words = {
    number: t('track.number'),
    missingNumber: t('track.missingNumber'),
    missingEmail: t('track.missingEmail'),
    submit: t('track.submit'),
    busy: t('track.busy'),
  };

  return (
    <section className="page track-page">
      <header className="page-head">
        <h1>{t('track.title')}</h1>
        <p className="muted">{t('track.intro')}</p>
      </header>
      <LookupForm words={words} pending={track.isPending} error={track.isError ? serverErrorText(track.error, t('track.failed')) : null} onLookup={(n, e) => track.mutate({ n, e })}>
        {answer && (
          <article className="track-result">
            <div className="order-head">
              <h2>{t('track.order', { number: answer.orderNumber })}</h2>
              <StatusChip status={answer.status} />
            </div>
            <TimelineList events={answer.timeline} />
            {answer.tracking ? <TrackingDetails tracking={answer.tracking} /> : <p className="muted">{t('track.notShipped')}</p>}
          </article>
        )}
      </LookupForm>
    </section>
  );
}
