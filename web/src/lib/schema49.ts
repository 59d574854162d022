// TEMPORARY: issue 49's claims API (the `claims` branch) as types, until that branch is merged and `npm run gen` writes these into schema.d.ts. The paths are added to the generated
// `paths` so the client checks every call; this file is deleted then and the types come from schema.d.ts.
import type { components } from './schema';

type Body<T> = { content: { 'application/json; charset=utf-8': T } };
type Envelope<T> = { headers: { [name: string]: unknown }; content: { 'application/json; charset=utf-8': { success: boolean; message: string; data: T } } };
type Failure = { headers: { [name: string]: unknown }; content: { 'application/json; charset=utf-8': components['schemas']['ErrorBody'] } };
type Failures = { 400: Failure; 401: Failure; 403: Failure; 404: Failure; 409: Failure; 429: Failure; 500: Failure };
type Params<Path, Query> = { query?: Query; header?: never; cookie?: never } & ([Path] extends [never] ? { path?: never } : { path: Path });
type Op<Path, Query, Req, Res, Status extends number = 200> = {
  parameters: Params<Path, Query>;
  responses: { [S in Status]: Envelope<Res> } & Failures;
} & ([Req] extends [undefined] ? { requestBody?: never } : { requestBody: Body<Req> });
type Route<Methods> = { parameters: { query?: never; header?: never; path?: never; cookie?: never } } & Methods;

export type ClaimReason = 'misprint' | 'damaged' | 'wrong_item' | 'missing';
export type ClaimStatus = 'open' | 'reprinted' | 'refunded' | 'rejected';
export type ClaimAction = 'reprint' | 'refund' | 'reject';
export interface ClaimDecision {
  action: ClaimAction;
  note?: string;
  decidedAt: number;
  reprintOrderId?: string;
  creditNoteNumber?: string;
  refundPaise?: number;
}
export interface Claim {
  id: string;
  orderId: string;
  orderNumber: string;
  itemId: string;
  ticketNumber: string;
  pieces: { [size: string]: number };
  reason: ClaimReason;
  message: string;
  photos: string[];
  status: ClaimStatus;
  decision?: ClaimDecision;
  createdAt: number;
}
export interface NewClaim {
  itemId?: string;
  pieces: { [size: string]: number };
  reason: ClaimReason;
  message: string;
  photos: string[];
}
type Id = { id: string };

declare module './schema' {
  interface paths {
    '/orders/{id}/claims': Route<{ get: Op<Id, never, undefined, Claim[]>; post: Op<Id, never, NewClaim, Claim, 201> }>;
    '/orders/{id}/claims/{claimId}/decision': Route<{ post: Op<{ id: string; claimId: string }, never, { action: string; note?: string }, Claim> }>;
  }
}
