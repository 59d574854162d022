// A group order's link (/g/:token), for anyone who has it: the design on the
// garment (2D and 3D), the title, the organiser's first name, the deadline
// and the price per piece (the server's). A visitor signs in or signs up and
// comes back here; a member joins with their size (and name and number where
// the design prints them), then sees their piece (or pieces, where the
// organiser allows more), to change or withdraw until the deadline. Members
// paying: the price is each member's own share, paid after joining. A group
// that takes no rows says why.
import { Link, useLocation, useParams } from 'react-router';
import { GROUP_FAILED, MEMBERS_PAY, useMyGroupPieces, usePublicGroup } from '../../api/groupOrders';
import { useSizeOffer } from '../../api/products';
import { Spinner } from '../../components/Spinner';
import { ApiError, serverErrorText } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { rupees } from '../../lib/money';
import { formatDate } from '../../lib/formatDate';
import { GroupDesign } from './GroupDesign';
import { MemberPieces } from './MemberPieces';
import { previewRow, printedFields } from './printedFields';
import { closedText } from './statusText';
import './groups.css';

export const LINK_NOT_VALID = 'This group order link is not valid';
export const ORGANISER_PAYS_TEXT = 'The organiser pays for the whole order; the price per piece may fall as more people join.';
export const MEMBERS_PAY_TEXT = 'Each member pays for their own piece: join with your size, then pay. Every piece ships with the group to the organiser.';

export default function GroupLinkPage() {
  const { token = '' } = useParams();
  const location = useLocation();
  const { isAuthenticated, loading } = useAuth();
  const group = usePublicGroup(token);
  const mine = useMyGroupPieces(token, isAuthenticated);
  const first = mine.data?.pieces[0];
  const offer = useSizeOffer(group.data?.productId);

  if (group.isPending) return <Spinner label="Loading the group order..." />;
  if (group.isError) {
    const missing = group.error instanceof ApiError && group.error.status === 404;
    return (
      <section className="page narrow empty-state" role="alert">
        <h1>{missing ? LINK_NOT_VALID : serverErrorText(group.error, GROUP_FAILED)}</h1>
        {missing ? (
          <p className="muted">Ask the organiser for the link again.</p>
        ) : (
          <button className="btn" onClick={() => void group.refetch()} disabled={group.isFetching}>
            Try Again
          </button>
        )}
      </section>
    );
  }

  const g = group.data;
  const refusal = closedText(g);
  const fields = printedFields(g.design);
  const row = previewRow(fields, first);
  const membersPay = g.payment === MEMBERS_PAY;
  return (
    <section className="page group-link-page">
      <div className="group-link-grid">
        <GroupDesign token={token} productId={g.productId} design={g.design} row={row} rowCaption={first ? 'Shown with your name and number.' : 'Shown with a sample name and number.'} />
        <div className="stack">
          <p className="eyebrow">Group order</p>
          <h1>{g.title}</h1>
          <p>
            <strong>{g.organiser}</strong> is collecting sizes for one order of {g.productName}.
          </p>
          <dl className="group-figures">
            <dt>{membersPay ? 'You pay per piece' : 'Price per piece'}</dt>
            <dd data-testid="group-price">{rupees(g.pricePerPiece)}</dd>
            <dt>Pieces so far</dt>
            <dd>{g.pieces}</dd>
            <dt>Deadline</dt>
            <dd>{formatDate(g.deadline)}</dd>
          </dl>
          <p className="muted small-print" data-testid="group-who-pays">
            {membersPay ? MEMBERS_PAY_TEXT : ORGANISER_PAYS_TEXT}
          </p>
          {refusal && (
            <p className="notice info" data-testid="group-closed">
              {refusal}
            </p>
          )}
          {loading ? (
            <Spinner label="Loading..." />
          ) : isAuthenticated ? (
            <MemberPieces token={token} fields={fields} offer={offer} open={!refusal} withdrawOpen={!refusal || (membersPay && g.status === 'open')} membersPay={membersPay} piecesPerMember={g.piecesPerMember} />
          ) : (
            !refusal && (
              <div className="stack join-box">
                <h2>Join this group order</h2>
                <p className="muted">Sign in, or sign up with your e-mail, to add your piece. You come straight back here.</p>
                <Link className="btn" to="/login" state={{ from: { pathname: location.pathname } }}>
                  Sign in to join
                </Link>
              </div>
            )
          )}
        </div>
      </div>
    </section>
  );
}
