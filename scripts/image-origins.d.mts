/** Types for image-origins.mjs (plain JavaScript so build.mjs can run it on bare node). */

/** One origin normalised to `scheme://host[:port]`, or an Error saying why not. */
export function parseImageOrigin(raw: string, localParents: boolean): string | Error;
/** A comma-separated list of origins, deduplicated; throws at the first bad entry. */
export function parseImageOrigins(value: string, localParents: boolean): string[];
