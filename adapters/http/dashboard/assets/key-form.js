// The create-key form, enhanced: a filter over the tool list, the date field only when "On a date…" is chosen, and a
// live count of what is checked. The form works without this file (the CSP allows scripts from this server only).
"use strict";

function countText(tools, categories) {
  if (tools + categories === 0) return "Every tool";
  const part = (count, one, many) => (count === 0 ? [] : [`${count} ${count === 1 ? one : many}`]);
  return [...part(tools, "tool", "tools"), ...part(categories, "category", "categories")].join(", ");
}

function enableToolFilter(picker) {
  const filter = picker.querySelector("[data-tool-filter]");
  const input = filter && filter.querySelector("input");
  if (!input) return;
  filter.hidden = false;
  const none = picker.querySelector("[data-tool-none]");
  input.addEventListener("input", () => {
    const words = input.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const group of picker.querySelectorAll("[data-tool-group]")) {
      let inGroup = 0;
      for (const label of group.querySelectorAll("[data-search]")) {
        const text = label.getAttribute("data-search");
        // A checked tool stays in view: hiding it would hide what the key is about to be limited to.
        const match = label.querySelector("input").checked || words.every((word) => text.includes(word));
        label.hidden = !match;
        if (match) inGroup++;
      }
      group.hidden = inGroup === 0;
      shown += inGroup;
    }
    if (none) none.hidden = shown > 0;
  });
  // Enter in the filter would submit the whole form.
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") event.preventDefault();
  });
}

function enableScopeCount(picker) {
  const count = picker.querySelector("[data-scope-count]");
  if (!count) return;
  const update = () => {
    const checked = (name) => picker.querySelectorAll(`input[name="${name}"]:checked`).length;
    count.textContent = countText(checked("tools"), checked("categories"));
  };
  picker.addEventListener("change", update);
}

function enableExpiryDate(form) {
  const select = form.querySelector('select[name="expires"]');
  const field = form.querySelector("[data-expiry-date]");
  const input = field && field.querySelector("input");
  if (!select || !input) return;
  const update = () => {
    const dated = select.value === "date";
    field.hidden = !dated;
    // A hidden date is not sent: only the choice made counts.
    input.disabled = !dated;
    if (dated && !input.value) input.min = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  };
  select.addEventListener("change", () => {
    update();
    if (select.value === "date") input.focus();
  });
  update();
}

function enableKeyForm() {
  const form = document.querySelector("[data-key-form]");
  if (!form) return;
  enableExpiryDate(form);
  const picker = form.querySelector("[data-scope-picker]");
  if (picker) {
    enableToolFilter(picker);
    enableScopeCount(picker);
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", enableKeyForm);
else enableKeyForm();
