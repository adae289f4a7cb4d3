// Types of the pack for TypeScript users (the pack itself is plain JavaScript).
import type { ToolDefinition, ToolPack } from "tool-execution-api";

export declare const reverseText: ToolDefinition<{ text: string }, { text: string }>;
export declare const wordCount: ToolDefinition<{ text: string }, { words: number; characters: number; lines: number }>;
declare const pack: ToolPack;
export default pack;
