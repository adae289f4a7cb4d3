/** The list view of a tool: GET /tools. */
export function toToolSummary(tool) {
    return {
        id: tool.id,
        name: tool.name,
        category: tool.category,
        description: tool.description,
        clientOnly: tool.clientOnly,
        inputSchema: tool.clientOnly ? null : tool.input,
    };
}
/** The full view of a tool: GET /tools/:tool. */
export function toToolDetail(tool) {
    if (tool.clientOnly)
        return { ...toToolSummary(tool), outputSchema: null, examples: [] };
    const examples = tool.examples.map(({ title, input, output }) => ({ title, input, output: output ?? null }));
    return { ...toToolSummary(tool), outputSchema: tool.output, examples };
}
