import { camelCase, capitalCase, constantCase, dotCase, kebabCase, noCase, pascalCase, pascalSnakeCase, pathCase, sentenceCase, snakeCase, trainCase } from "change-case";
declare const STYLES: {
    readonly camel: typeof camelCase;
    readonly capital: typeof capitalCase;
    readonly constant: typeof constantCase;
    readonly dot: typeof dotCase;
    readonly kebab: typeof kebabCase;
    readonly no: typeof noCase;
    readonly pascal: typeof pascalCase;
    readonly pascalSnake: typeof pascalSnakeCase;
    readonly path: typeof pathCase;
    readonly sentence: typeof sentenceCase;
    readonly snake: typeof snakeCase;
    readonly train: typeof trainCase;
};
type CaseOutput = Record<keyof typeof STYLES | "lower" | "upper", string>;
export declare const caseConverter: import("../../../domain/tool.ts").ToolDefinition<{
    text: string;
}, CaseOutput>;
export {};
