import { main } from "./main.ts";

// The command itself: `npm run -s conformance -- …`.
process.exitCode = await main(process.argv.slice(2));
