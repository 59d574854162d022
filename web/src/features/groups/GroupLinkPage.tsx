// A group order's link (/g/:token), for anyone who has it: the design on the
// garment (2D and 3D), the title, the organiser's first name, the deadline
// and the price per piece (the server's). A visitor signs in or signs up and
// comes back here; a member joins with their size (and name and number where
// the design prints them), then sees their piece (or pieces, where the
// organiser allows more), to change or withdraw until the deadline. Members
// paying: the price is each member's own share, paid after joining. A group
// that takes no rows says why.
import { Link, useLocation, useParams } from 'react-router';
import { MEMBERS_PAY, useMyGroupPieces, usePublicGroup } from '../../api/groupOrders';
import { useSizeOffer } from '../../api/products';
import { Spinner } from '../../components/Spinner';
import { ApiError, serverErrorText } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { rupees } from '../../lib/money';
import { formatDate } from '../../lib/formatDate';
import { useT } from '../../lib/i18n';
import { GroupDesign } from './GroupDesign';
import { MemberPieces } from './MemberPieces';
import { previewRow, printedFields } from './printedFields';
import { closedText } from './statusText';
import './groups.css';

export default function GroupLinkPage() {
  const { token = '' } = useParams();
  const location = useLocation();
  const { isAuthenticated, loading } = useAuth();
  const group = usePublicGroup(token);
  const mine = useMyGroupPieces(token, isAuthenticated);
  const first = mine.data?.pieces[0];
  const offer = useSizeOffer(group.data?.productId);
  const t = useT();

  if (group.isPending) return <Spinner label={t('groups.loading')} />;
  if (group.isError) {
    const missing = group.error instanceof ApiError && group.error.status === 404;
    return (
      <section className="page narrow empty-state" role="alert">
        <h1>{missing ? t('groups.linkNotValid') : serverErrorText(group.error, t('groups.loadFailed'))}</h1>
        {missing ? (
          <p className="muted">{t('groups.askForLink')}</p>
        ) : (
          <button className="btn" onClick={() => void group.refetch()} disabled={group.isFetching}>
            {t('groups.tryAgain')}
          </button>
        )}
      </section>
    );
  }

  const g = group.data;
  const refusalId = closedText(g);
  const refusal = refusalId && t(refusalId);
  const fields = printedFields(g.design);
  const row = previewRow(fields, first);
  const membersPay = g.payment === MEMBERS_PAY;
  return (
    <section className="page group-link-page">
      <div className="group-link-grid">
        <GroupDesign token={token} productId={g.productId} design={g.design} row={row} rowCaption={first ? t('groups.shownWithYours') : t('groups.shownWithSample')} />
        <div className="stack">
          <p className="eyebrow">{t('groups.eyebrow')}</p>
          <h1>{g.title}</h1>
          <p>
            {t.rich('groups.collecting', { organiser: g.organiser, product: g.productName, b: (chunks) => <strong key="b">{chunks}</strong> })}
          </p>
          <dl className="group-figures">
            <dt>{membersPay ? t('groups.youPayPerPiece') : t('groups.pricePerPiece')}</dt>
            <dd data-testid="group-price">{rupees(g.pricePerPiece)}</dd>
            <dt>{t('groups.piecesSoFar')}</dt>
            <dd>{g.pieces}</dd>
            <dt>{t('groups.deadline')}</dt>
            <dd>{formatDate(g.deadline)}</dd>
          </dl>
          <p className="muted small-print" data-testid="group-who-pays">
            {membersPay ? t('groups.membersPay') : t('groups.organiserPays')}
          </p>
          {refusal && (
            <p className="notice info" data-testid="group-closed">
              {refusal}
            </p>
          )}
          {loading ? (
            <Spinner label={t('groups.loadingShort')} />
          ) : isAuthenticated ? (
            <MemberPieces token={token} fields={fields} offer={offer} open={!refusal} withdrawOpen={!refusal || (membersPay && g.status === 'open')} membersPay={membersPay} piecesPerMember={g.piecesPerMember} />
          ) : (
            !refusal && (
              <div className="stack join-box">
                <h2>{t('groups.joinTitle')}</h2>
                <p className="muted">{t('groups.signInHint')}</p>
                <Link className="btn" to="/login" state={{ from: { pathname: location.pathname } }}>
                  {t('groups.signInToJoin')}
                </Link>
              </div>
            )
          )}
        </div>
      </div>
    </section>
  );
}
