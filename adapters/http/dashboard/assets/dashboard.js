// Progressive enhancement only: every page works without this file. Loaded from 'self' (the CSP allows nothing inline).
"use strict";

async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.className = "skip";
  document.body.appendChild(area);
  area.select();
  document.execCommand("copy");
  area.remove();
}

function enableCopyButtons() {
  for (const button of document.querySelectorAll("[data-copy]")) {
    const target = document.getElementById(button.getAttribute("data-copy"));
    if (!target) continue;
    const label = button.textContent;
    button.hidden = false;
    button.addEventListener("click", async () => {
      try {
        await copyText(target.textContent.trim());
        button.textContent = "Copied";
      } catch {
        button.textContent = "Select and copy by hand";
      }
      setTimeout(() => { button.textContent = label; }, 2500);
    });
  }
}

// The workspace switcher submits as soon as a workspace is chosen; its button is for browsers without JavaScript.
function enableSwitcher() {
  const form = document.querySelector("[data-switcher]");
  const select = form && form.querySelector("select");
  const button = form && form.querySelector("[data-switch-submit]");
  if (!select || !button) return;
  button.hidden = true;
  select.addEventListener("change", () => form.requestSubmit ? form.requestSubmit() : form.submit());
}

document.addEventListener("DOMContentLoaded", () => {
  enableCopyButtons();
  enableSwitcher();
});
