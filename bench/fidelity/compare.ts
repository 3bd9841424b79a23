import type { Exchange } from './drive.js';

/** One way the mock's answer differs from the service's on the same step. */
export interface Difference {
  readonly step: string;
  /** `status`: the status codes; `schema`: the body's validity against the documented answer; `read-back`: the fields a read gives back as written. */
  /** `page`: a list's item count and its envelope's numbers (offset, limit, total). */
  readonly aspect: 'status' | 'schema' | 'read-back' | 'page';
  readonly service: string;
  readonly mock: string;
}

/** Every difference between the two sides' exchanges of one session, in session order. */
export function differences(service: readonly Exchange[], mock: readonly Exchange[]): Difference[] {
  const out: Difference[] = [];
  const mine = new Map(mock.map((e) => [e.step, e]));
  for (const theirs of service) {
    const ours = mine.get(theirs.step);
    if (!ours) {
      out.push({ step: theirs.step, aspect: 'status', service: String(theirs.status), mock: 'not sent' });
      continue;
    }
    if (theirs.status !== ours.status)
      out.push({ step: theirs.step, aspect: 'status', service: String(theirs.status), mock: String(ours.status) });
    if (theirs.validity !== ours.validity)
      out.push({
        step: theirs.step,
        aspect: 'schema',
        service: theirs.validity ?? 'no answer',
        mock: ours.validity ?? 'no answer',
      });
    const a = readBack(theirs);
    const b = readBack(ours);
    if (a !== b)
      out.push({ step: theirs.step, aspect: 'read-back', service: a ?? 'no answer', mock: b ?? 'no answer' });
    if (theirs.page !== ours.page)
      out.push({
        step: theirs.step,
        aspect: 'page',
        service: theirs.page ?? 'no answer',
        mock: ours.page ?? 'no answer',
      });
  }
  return out;
}

function readBack(exchange: Exchange): string | undefined {
  if (exchange.unreadFields === undefined) return exchange.status === 'skipped' ? undefined : 'n/a';
  return exchange.unreadFields.length === 0 ? 'as sent' : `differs: ${exchange.unreadFields.join(', ')}`;
}

/** An exchange where the service does not keep its own document: the step, its status and why. */
export interface Departure {
  readonly step: string;
  readonly status: string;
  /** Why it departs: the body's validity (`undocumented status`, `invalid`…), or a request the document calls invalid accepted. */
  readonly validity: string;
}

/** The figures of the table for one service (issue 29 item 2). */
export interface FidelityFigures {
  /** Steps sent to the service (a step whose identifier no create gave is not sent). */
  readonly exchanges: number;
  /** Steps of the session the service side could not send, for want of a created identifier. */
  readonly notSent: number;
  readonly sameStatus: number;
  /**
   * The exchanges where the service keeps its own document (its status documented, its body valid
   * against it), and how many of those the mock answers with the same status: the mock is built to
   * answer what the document promises, so a service's departure from it is measured apart. The raw
   * `sameStatus` stays the headline; `departures` lists what this figure leaves out.
   */
  readonly keptExchanges: number;
  readonly keptSameStatus: number;
  readonly departures: readonly Departure[];
  /** Reads after a write, and how many gave back every written field as sent, on each side. */
  readonly roundTrips: number;
  readonly roundTripsMock: number;
  readonly roundTripsService: number;
  /** Error answers (4xx, 5xx) whose status the operation documents with a schema, and how many fit it, per side. */
  readonly errorsDocumentedMock: number;
  readonly errorsValidMock: number;
  readonly errorsUndocumentedMock: number;
  readonly errorsDocumentedService: number;
  readonly errorsValidService: number;
  readonly errorsUndocumentedService: number;
  /** Lists the service answered with a page, and how many the mock answered with the same page (item count, offset, limit, total). */
  readonly listPages: number;
  readonly listPagesSame: number;
  readonly differences: number;
}

export function figures(service: readonly Exchange[], mock: readonly Exchange[]): FidelityFigures {
  const mine = new Map(mock.map((e) => [e.step, e]));
  const sent = service.filter((e) => e.status !== 'skipped');
  // `no answer` on the service side is sent all the same: the service failed it.
  let sameStatus = 0;
  for (const e of sent) if (mine.get(e.step)?.status === e.status) sameStatus++;
  // Kept: a status the operation documents, a body that fits the schema documented for it, and no
  // success for a request the document calls invalid (accepting what its contract refuses, such as
  // a number coerced into a string field, is the service departing from it: listed, not hidden); nor,
  // for a request that breaks a declared schema, a refusal other than the validation answer the
  // operation documents (a malformed id answered 404: the declared format is not checked).
  const departure = (e: Exchange): string | undefined => {
    if (e.validity !== 'valid') return e.validity ?? 'no answer';
    if (e.breaks !== undefined && typeof e.status === 'number' && e.status >= 200 && e.status < 300)
      return `accepted a request its document calls invalid (${e.breaks})`;
    const refused = e.refusedWith;
    if (
      refused !== undefined &&
      typeof e.status === 'number' &&
      e.status >= 400 &&
      e.status < 500 &&
      !refused.includes(e.status)
    )
      return `refused a request its document calls invalid (${e.breaks}) with ${e.status}, where it documents ${refused.join(' or ')} for it`;
    return undefined;
  };
  const kept = sent.filter((e) => departure(e) === undefined);
  const departures = sent.flatMap((e) => {
    const why = departure(e);
    return why === undefined ? [] : [{ step: e.step, status: String(e.status), validity: why }];
  });
  const errors = (side: readonly Exchange[]): { documented: number; valid: number; undocumented: number } => {
    const failed = side.filter((e) => typeof e.status === 'number' && e.status >= 400);
    const undocumented = failed.filter((e) => e.validity === 'undocumented status').length;
    return {
      documented: failed.length - undocumented,
      valid: failed.filter((e) => e.validity === 'valid').length,
      undocumented,
    };
  };
  const m = errors(mock);
  const s = errors(service);
  const trips = service.filter((e) => e.unreadFields !== undefined);
  const pages = service.filter((e) => e.page !== undefined && e.page !== 'no page');
  return {
    exchanges: sent.length,
    notSent: service.length - sent.length,
    sameStatus,
    keptExchanges: kept.length,
    keptSameStatus: kept.filter((e) => mine.get(e.step)?.status === e.status).length,
    departures,
    roundTrips: trips.length,
    roundTripsService: trips.filter((e) => e.unreadFields!.length === 0).length,
    roundTripsMock: trips.filter((e) => mine.get(e.step)?.unreadFields?.length === 0).length,
    errorsDocumentedMock: m.documented,
    errorsValidMock: m.valid,
    errorsUndocumentedMock: m.undocumented,
    errorsDocumentedService: s.documented,
    errorsValidService: s.valid,
    errorsUndocumentedService: s.undocumented,
    listPages: pages.length,
    listPagesSame: pages.filter((e) => mine.get(e.step)?.page === e.page).length,
    differences: differences(service, mock).length,
  };
}
