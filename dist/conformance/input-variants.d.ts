/** One generated input and what it exercises. */
export interface Variant {
    readonly kind: string;
    readonly input: unknown;
    readonly valid: boolean;
}
type Schema = Record<string, unknown>;
/**
 * Schema-valid inputs from json-schema-faker (optional members dropped, all of them present, enum values and
 * numeric/length boundaries), then schema-invalid ones made by breaking one member, chosen by fast-check. Every
 * variant is checked against the schema with ajv and dropped if it is not what it claims to be. Same seed, same list.
 */
export declare function variantsOf(schema: Schema, seed: number): Variant[];
export {};
