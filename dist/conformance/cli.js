import { main } from "./main.js";
// The command itself: `npm run -s conformance -- …`.
process.exitCode = await main(process.argv.slice(2));
