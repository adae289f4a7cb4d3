import type { SessionRouteDeps } from "../session/session-deps.ts";
import type { RouteSpec } from "../session/session-routes.ts";
import { assetHandler } from "./assets.ts";
import { authHandlers } from "./auth-handlers.ts";
import { totpHandlers } from "./totp-handlers.ts";
import { resetHandlers } from "./reset-handlers.ts";
import { auditHandler } from "./audit-handlers.ts";
import { editKeyHandlers } from "./edit-key-handlers.ts";
import { rotateHandlers } from "./rotate-handlers.ts";
import { keyHandlers } from "./key-handlers.ts";
import { marketplaceHandlers } from "./marketplace-handlers.ts";
import { invitationHandlers } from "./invitation-handlers.ts";
import { memberHandlers } from "./member-handlers.ts";
import { seeOther } from "./responses.ts";
import { workspaceHandlers } from "./workspace-handlers.ts";
import { usageHandler, vendorAssetHandler } from "./usage-handlers.ts";
import { webhookHandlers } from "./webhook-handlers.ts";
import { passkeyHandlers } from "./passkey-handlers.ts";
import { accountHandlers } from "./account-handlers.ts";

/** The web dashboard at /dashboard: server-rendered pages and form POSTs answered with 303 redirects. */
export function dashboardRoutes(deps: SessionRouteDeps): readonly RouteSpec[] {
  const auth = authHandlers(deps);
  const totp = totpHandlers(deps);
  const reset = resetHandlers(deps);
  const keys = keyHandlers(deps);
  const rotation = rotateHandlers(deps);
  const edit = editKeyHandlers(deps);
  const workspaces = workspaceHandlers(deps);
  const market = marketplaceHandlers(deps);
  const members = memberHandlers(deps);
  const invitations = invitationHandlers(deps);
  const webhooks = webhookHandlers(deps);
  const account = accountHandlers(deps);
  return [
    ["GET", "/dashboard", async () => seeOther("/dashboard/keys")],
    ["GET", "/dashboard/assets/:file", async (event) => assetHandler(event)],
    ["GET", "/dashboard/sign-in", auth.signInPage],
    ["POST", "/dashboard/sign-in", auth.signIn],
    ["GET", "/dashboard/sign-up", auth.signUpPage],
    ["POST", "/dashboard/sign-up", auth.signUp],
    ["POST", "/dashboard/sign-out", auth.signOut],
    ["GET", "/dashboard/forgot-password", reset.forgotPage],
    ["POST", "/dashboard/forgot-password", reset.forgot],
    ["GET", "/dashboard/reset-password/:token", reset.resetPage],
    ["POST", "/dashboard/reset-password/:token", reset.reset],
    ["GET", "/dashboard/verify-email", reset.verifyStatus],
    ["GET", "/dashboard/verify-email/:token", reset.verifyPage],
    ["POST", "/dashboard/verify-email/:token", reset.verify],
    ["POST", "/dashboard/account/verify-email", reset.sendVerification],
    ["GET", "/dashboard/sign-in/totp", totp.stepPage],
    ["POST", "/dashboard/sign-in/totp", totp.step],
    ["POST", "/dashboard/account/totp/setup", totp.setup],
    ["POST", "/dashboard/account/totp/enable", totp.enable],
    ["GET", "/dashboard/account/totp/recovery-codes", totp.recoveryCodes],
    ["POST", "/dashboard/account/totp/disable", totp.disable],
    ["GET", "/dashboard/keys", keys.list],
    ["POST", "/dashboard/keys", keys.create],
    ["GET", "/dashboard/keys/created", keys.created],
    ["GET", "/dashboard/keys/:id/revoke", keys.confirmRevoke],
    ["POST", "/dashboard/keys/:id/revoke", keys.revoke],
    ["GET", "/dashboard/audit", auditHandler(deps)],
    ["GET", "/dashboard/usage", usageHandler(deps)],
    ["GET", "/dashboard/vendor/:file", async (event) => vendorAssetHandler(event)],
    ["GET", "/dashboard/keys/:id/edit", edit.page],
    ["POST", "/dashboard/keys/:id/edit", edit.save],
    ["GET", "/dashboard/keys/:id/rotate", rotation.confirm],
    ["POST", "/dashboard/keys/:id/rotate", rotation.rotate],
    ["GET", "/dashboard/workspaces", workspaces.page],
    ["POST", "/dashboard/workspaces", workspaces.create],
    ["POST", "/dashboard/workspaces/switch", workspaces.switch],
    ["POST", "/dashboard/workspaces/:id/rename", workspaces.rename],
    ["GET", "/dashboard/members", members.page],
    ["POST", "/dashboard/members/invite", members.invite],
    ["POST", "/dashboard/members/:accountId/role", members.changeRole],
    ["POST", "/dashboard/members/:accountId/remove", members.remove],
    ["POST", "/dashboard/invitations/:id/revoke", members.revokeInvitation],
    ["GET", "/dashboard/invitations/:token", invitations.page],
    ["POST", "/dashboard/invitations/:token/accept", invitations.accept],
    ["GET", "/dashboard/marketplace", market.page],
    ["POST", "/dashboard/marketplace/:packId/enable", market.enable],
    ["POST", "/dashboard/marketplace/:packId/disable", market.disable],
    ["GET", "/dashboard/webhooks", webhooks.page],
    ["POST", "/dashboard/webhooks", webhooks.create],
    ["POST", "/dashboard/webhooks/:id/enable", webhooks.enable],
    ["POST", "/dashboard/webhooks/:id/disable", webhooks.disable],
    ["POST", "/dashboard/webhooks/:id/test", webhooks.test],
    ["POST", "/dashboard/webhooks/:id/rotate", webhooks.rotate],
    ["GET", "/dashboard/webhooks/:id/delete", webhooks.confirmDelete],
    ["POST", "/dashboard/webhooks/:id/delete", webhooks.remove],
    ["GET", "/dashboard/webhooks/:id/deliveries", webhooks.deliveries],
    ["POST", "/dashboard/webhooks/:id/deliveries/:deliveryId/redeliver", webhooks.redeliver],
    ["POST", "/dashboard/account/passkeys/:id/delete", passkeyHandlers(deps).remove],
    ["GET", "/dashboard/account", account.page],
    ["POST", "/dashboard/account/password", account.changePassword],
    ["POST", "/dashboard/account/sessions/end-others", account.endOtherSessions],
    ["POST", "/dashboard/account/sessions/:id/end", account.endSession],
    ["GET", "/dashboard/account/delete", account.deletePage],
    ["POST", "/dashboard/account/delete", account.deleteAccount],
  ];
}
