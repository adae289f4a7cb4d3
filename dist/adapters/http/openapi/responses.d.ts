/** Response components for every error status, in two flavours: with and without the rate-limit headers. */
export declare function errorResponseComponents(): Record<string, unknown>;
/** `$ref`s to the shared error responses of `statuses`; `metered` routes carry the rate-limit headers. */
export declare function errorResponses(statuses: readonly number[], options: {
    metered: boolean;
}): Record<string, unknown>;
