/** How one transaction ended. */
export interface Outcome {
    readonly caseId: string | undefined;
    readonly status: "pass" | "fail" | "skip" | "error";
    readonly message: string;
}
/** Runs Dredd in this process on a transaction document against `endpoint`; the hooks come from dredd.yml. */
export declare function runDredd(documentFile: string, endpoint: string): Promise<Outcome[]>;
