type Input = {
    title: string;
    description?: string;
    url?: string;
    image?: string;
    siteName?: string;
    type: string;
    twitterCard: "summary" | "summary_large_image";
};
export declare const metaTagGenerator: import("../../../domain/tool.ts").ToolDefinition<Input, {
    html: string;
    tags: ({
        name?: undefined;
        property: string;
        content: string;
    } | {
        property?: undefined;
        name: string;
        content: string;
    })[];
}>;
export {};
