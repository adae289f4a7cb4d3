import type { Account } from "../../../../domain/account.ts";

/**
 * What each section of the Account security page (/dashboard/account) is drawn from. The page (account-page.ts)
 * stacks the sections; each feature's section lives in its own file with its own forms.
 */
export interface AccountSectionView {
  readonly account: Account;
  /** The form token every POST form of the page carries (the dashboard's CSRF protection). */
  readonly csrf: string;
  /** The public URL's origin (passkeys need a domain: on an IP address the section says to use localhost). */
  readonly publicOrigin: string;
}
