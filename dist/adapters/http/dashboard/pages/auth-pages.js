import { MIN_PASSWORD_LENGTH } from "../../../../domain/account.js";
import { html } from "../html.js";
import { HOME_PATH } from "../return-path.js";
import { fieldError, layout } from "./layout.js";
const withNext = (path, next) => (next === HOME_PATH ? path : `${path}?next=${encodeURIComponent(next)}`);
export function signInPage(state) {
    const password = fieldError("password", state.fieldErrors?.password);
    return layout("Sign in", html `<div class="card narrow">
<h1>Sign in</h1>
<p class="subtle">Manage the API keys of your workspaces.</p>
${state.error ? html `<div class="error" role="alert">${state.error}</div>` : ""}
<form method="post" action="/dashboard/sign-in" class="stack" novalidate>
<input type="hidden" name="csrf" value="${state.csrf}">
<input type="hidden" name="next" value="${state.next}">
${emailField(state)}
<div class="field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${password.attrs}>
${password.text}
</div>
<button type="submit">Sign in</button>
</form>
<p class="subtle">New here? <a href="${withNext("/dashboard/sign-up", state.next)}">Create an account</a></p>
</div>`);
}
export function signUpPage(state) {
    const password = fieldError("password", state.fieldErrors?.password);
    return layout("Create an account", html `<div class="card narrow">
<h1>Create an account</h1>
<p class="subtle">You get a personal workspace for your API keys.</p>
${state.error ? html `<div class="error" role="alert">${state.error}</div>` : ""}
<form method="post" action="/dashboard/sign-up" class="stack" novalidate>
<input type="hidden" name="csrf" value="${state.csrf}">
<input type="hidden" name="next" value="${state.next}">
${emailField(state)}
<div class="field">
<label for="password">Password <span class="hint">at least ${MIN_PASSWORD_LENGTH} characters</span></label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required${password.attrs}>
${password.text}
</div>
<button type="submit">Create account</button>
</form>
<p class="subtle">Already have an account? <a href="${withNext("/dashboard/sign-in", state.next)}">Sign in</a></p>
</div>`);
}
function emailField(state) {
    const error = fieldError("email", state.fieldErrors?.email);
    return html `<div class="field">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" inputmode="email" required value="${state.email ?? ""}"${error.attrs}>
${error.text}
</div>`;
}
