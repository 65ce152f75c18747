export { FetchError, type FetchErrorCode, type FetchErrorOptions } from './errors';
export { type AddressPolicy, assertUrlAllowed, isForbiddenAddress } from './address-policy';
export { type ExtractedHtml, extractHtml } from './extract-html';
export { type ResolvedAddress, type Resolver } from './guarded-lookup';
export { type FetchOptions, type FetchedDocument, fetchUrl } from './fetch-url';
