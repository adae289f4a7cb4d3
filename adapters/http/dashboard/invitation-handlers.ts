import { getRouterParam, type H3Event } from "h3";
import { ACCEPT_PATH } from "../../../domain/invitation.ts";
import type { SessionRouteDeps } from "../session/session-deps.ts";
import { dashboardForm, dashboardPage, loadChrome } from "./dashboard-session.ts";
import { verifyFirst } from "../../../application/accept-invitation.ts";
import { html } from "./html.ts";
import { invitationPage, verifyFirstBlock } from "./pages/invitation-page.ts";
import { layout, messagePage } from "./pages/layout.ts";
import { htmlResponse, seeOther } from "./responses.ts";

const tokenOf = (event: H3Event): string => getRouterParam(event, "token", { decode: true }) ?? "";
const UNUSABLE = "This invitation link does not work: it is unknown, already used, revoked or expired. Ask whoever invited you for a new one.";

/**
 * The accept page: without a session the visitor is sent to sign in (or, from there, sign up) and comes back to the
 * same link (the return path); accepting switches the session to the workspace joined.
 */
export function invitationHandlers(deps: SessionRouteDeps) {
  return {
    page: dashboardPage(deps, async (event, context) => {
      const preview = await deps.previewInvitation.execute({ accountId: context.account.id, token: tokenOf(event) });
      const chrome = await loadChrome(deps, context, "members");
      if (!preview.ok) return htmlResponse(messagePage("Invitation not valid", UNUSABLE, chrome), 404);
      return htmlResponse(invitationPage(chrome, preview.value, `${ACCEPT_PATH}${encodeURIComponent(tokenOf(event))}`), preview.value.forThisAccount ? 200 : 403);
    }),
    accept: dashboardForm(deps, async (event, context) => {
      const accepted = await deps.acceptInvitation.execute({ accountId: context.account.id, token: tokenOf(event) });
      if (!accepted.ok) {
        const chrome = await loadChrome(deps, context, "members");
        // Accepting needs a verified email here: the page says so and offers the link.
        if (accepted.error.message === verifyFirst().message) {
          return htmlResponse(layout("Verify your email first", html`<div class="card narrow">${verifyFirstBlock(chrome.csrfToken, event.url.pathname.replace(/\/accept$/, ""))}</div>`, chrome), 403);
        }
        const forbidden = accepted.error.code === "forbidden";
        return htmlResponse(messagePage(forbidden ? "Not your invitation" : "Invitation not valid", forbidden ? accepted.error.message : UNUSABLE, chrome), forbidden ? 403 : 404);
      }
      await deps.switchWorkspace.execute({ session: context.session, workspaceId: accepted.value.id });
      return seeOther("/dashboard/keys?notice=joined");
    }, { boundToWorkspace: false }), // the invitation names the workspace
  };
}
