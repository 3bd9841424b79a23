/**
 * The longest string the sampler builds, valid or invalid: 1 MiB. Past it a request would meet the
 * HTTP layer's size limit (nginx's default client_max_body_size is 1 MiB; request lines far less,
 * RFC 9112 §3), not the application's length check; and a `maxLength` of 2147483647 (the int32
 * maximum generators write for "no limit") is past the longest string V8 can hold at all.
 */
export const LONGEST_STRING = 1_048_576;

/**
 * The most members the sampler builds in one array or object: 10,000. A `minItems` or
 * `minProperties` past it (2147483647 again, from generators) would take gigabytes and minutes to
 * build and send; such a schema is reported as not built, with the reason, as a long string is.
 */
export const MOST_MEMBERS = 10_000;
