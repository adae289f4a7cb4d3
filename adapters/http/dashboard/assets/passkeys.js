// Passkeys in the dashboard: adding one on the Account security page, and signing in with one on the sign-in page.
// WebAuthn is reachable only from a script, so both call the session API (JSON) with @simplewebauthn/browser, served
// by this server as /dashboard/vendor/simplewebauthn-browser.umd.min.js (the CSP allows scripts from here only).
"use strict";

async function callApi(path, body, csrf) {
  const headers = { accept: "application/json" };
  if (csrf) headers["x-csrf-token"] = csrf;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(path, {
    method: "POST", credentials: "same-origin", headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw Object.assign(new Error(answer.message || `The server answered ${response.status}.`), { status: response.status });
  return answer.data;
}

// The browser's own error when the person closes the prompt says little; name what happened instead.
function describe(error) {
  if (error && error.name === "NotAllowedError") return "The passkey prompt was closed or timed out. Try again.";
  if (error && error.name === "InvalidStateError") return "This device already holds a passkey for this account.";
  return (error && error.message) || "Something went wrong. Try again.";
}

function supported() {
  const lib = window.SimpleWebAuthnBrowser;
  return Boolean(lib && lib.browserSupportsWebAuthn());
}

function show(element, message) {
  element.textContent = message;
  element.hidden = false;
}

function enableAdd(box) {
  if (!supported()) {
    const note = document.querySelector("[data-passkey-unsupported]");
    if (note) note.hidden = false;
    return;
  }
  box.hidden = false;
  const button = box.querySelector("[data-passkey-add-button]");
  const error = box.querySelector("[data-passkey-error]");
  const csrf = box.getAttribute("data-csrf");
  button.addEventListener("click", async () => {
    button.disabled = true;
    error.hidden = true;
    try {
      const { options } = await callApi("/api/v1/auth/passkeys/registration-options", undefined, csrf);
      const response = await window.SimpleWebAuthnBrowser.startRegistration({ optionsJSON: options });
      const name = box.querySelector("[data-passkey-name]").value;
      await callApi("/api/v1/auth/passkeys", { response, name }, csrf);
      // The list is drawn by the server: reload it (the page works the same with JavaScript off).
      window.location.reload();
    } catch (caught) {
      show(error, describe(caught));
      button.disabled = false;
    }
  });
}

function enableSignIn(box) {
  if (!supported()) return;
  box.hidden = false;
  const button = box.querySelector("[data-passkey-sign-in-button]");
  const error = box.querySelector("[data-passkey-error]");
  const next = box.getAttribute("data-next") || "/dashboard/keys";
  button.addEventListener("click", async () => {
    button.disabled = true;
    error.hidden = true;
    try {
      const { options } = await callApi("/api/v1/auth/passkeys/authentication-options");
      const response = await window.SimpleWebAuthnBrowser.startAuthentication({ optionsJSON: options });
      await callApi("/api/v1/auth/sign-in/passkey", { response });
      // Only a path of this site (the server already checked it): never an absolute URL from the page.
      window.location.assign(next.startsWith("/") && !next.startsWith("//") ? next : "/dashboard/keys");
    } catch (caught) {
      // The API's one 401 speaks of a password; here it means this passkey (removed from its account, or not ours).
      show(error, caught && caught.status === 401 ? "That passkey was not accepted. Sign in with your password." : describe(caught));
      button.disabled = false;
    }
  });
}

const addBox = document.querySelector("[data-passkey-add]");
if (addBox) enableAdd(addBox);
const signInBox = document.querySelector("[data-passkey-sign-in]");
if (signInBox) enableSignIn(signInBox);
