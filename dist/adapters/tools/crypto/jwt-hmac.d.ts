export declare const HMAC_JWT_ALGORITHMS: readonly ["HS256", "HS384", "HS512"];
export type HmacJwtAlgorithm = (typeof HMAC_JWT_ALGORITHMS)[number];
export declare const JWT_SECRET_SCHEMA: {
    readonly type: "string";
    readonly minLength: 1;
    readonly maxLength: 65536;
};
/** The UTF-8 bytes of an HMAC secret, plus a warning when RFC 7518 calls it too short. */
export declare function toSecretKey(secret: string, algorithm: HmacJwtAlgorithm): {
    key: Uint8Array;
    warnings: string[];
};
