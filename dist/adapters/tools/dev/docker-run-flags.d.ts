import { Scalar } from "yaml";
/** A compose service under construction; keys are compose `services.<name>` fields. */
export type Service = Record<string, unknown>;
/** How one `docker run` flag lands in the service; returns a warning when it cannot be translated. */
export type ApplyFlag = (service: Service, value: string) => string | undefined;
export interface FlagSpec {
    readonly takesValue: boolean;
    readonly apply: ApplyFlag;
}
/** Written double-quoted: YAML 1.1 reads an unquoted 22:22 as the base-60 integer 1342. */
export declare function quoted(value: string): Scalar;
/** `docker run` flags by every spelling; anything else is reported as a warning. */
export declare const FLAGS: ReadonlyMap<string, FlagSpec>;
