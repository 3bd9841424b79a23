import { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';

/** `target` takes `current`'s place in the chain: it inherits what `current` inherits and owns what it owns (Express's `app`). */
function takePlace(target: object, current: object): void {
  Object.setPrototypeOf(target, Object.getPrototypeOf(current));
  Object.defineProperties(target, Object.getOwnPropertyDescriptors(current));
}

/**
 * The request and response classes for node:http's `createServer` options, whose instances are
 * born with the app's prototypes. Express 5 gives every request and response the app's prototypes
 * with `Object.setPrototypeOf` (app.handle); V8 then builds each object a new shape, and what that
 * leaves behind outlives young collections: promoted to the old generation, it waits there for a
 * mark-compact, which is most of the RSS under load and its pauses the p99 spikes. Born with that
 * prototype already, the call changes nothing (bench/promotion.ts counts the bytes promoted).
 * The classes' prototypes become the app's `request` and `response`, in place of Express's own,
 * with the same chain and properties; so this is called once, before the server takes requests.
 */
export function bornWithPrototypes(app: Express): {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
} {
  class AppRequest extends IncomingMessage {}
  class AppResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {}
  takePlace(AppRequest.prototype, app.request);
  takePlace(AppResponse.prototype, app.response);
  app.request = AppRequest.prototype as unknown as Express['request'];
  app.response = AppResponse.prototype as unknown as Express['response'];
  return { IncomingMessage: AppRequest, ServerResponse: AppResponse };
}
