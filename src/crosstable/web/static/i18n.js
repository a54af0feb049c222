// The pages' languages (loaded before each page's own script). The page's labels are
// marked in the HTML: an element with `data-i18n` holds a message (its text, whitespace
// normalized, is the identifier: the English text), `data-i18n-attr="placeholder title"`
// names the attributes shown to people. The scripts write their sentences with
// _t("English text") or _t("{n} games left", {n: 3}). The messages of a language come
// from GET /api/messages?lang=xx; every request to the API says the language (api()
// appends ?lang=xx), so that the server writes its sentences and tables in it too.
// The choice is kept in localStorage ("crosstable.lang"); without one, the browser's
// first language we have, else English.
"use strict";

(function () {
  const KEY = "crosstable.lang";
  const CODES = ["en", "bg", "hu", "ru", "de"]; // crosstable.i18n.LANGUAGES
  const current = { lang: "en", messages: {}, languages: null, minus: "-", point: ".", asked: 0 };
  const listeners = [];

  function normalized(text) {
    // what crosstable.web.labels.extract_html makes of an element's text: " ".join(text.split())
    return text.split(/\s+/).filter((w) => w).join(" ");
  }

  function code(tag) {
    const c = String(tag || "").trim().replace("_", "-").split("-")[0].toLowerCase();
    return CODES.includes(c) ? c : null;
  }

  function stored() {
    try {
      return code(localStorage.getItem(KEY));
    } catch {
      return null; // storage refused (a private window)
    }
  }

  function initial() {
    const browser = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    return stored() || browser.map(code).find((c) => c) || "en";
  }

  // A message in the current language (the identifier itself when it has no translation).
  function lookup(id) {
    return Object.prototype.hasOwnProperty.call(current.messages, id) ? current.messages[id] : id;
  }

  // The same, its {named} placeholders replaced by `values`: what the scripts call, always
  // with a plain string literal (the extractor reads the first argument of _t(...)).
  function _t(id, values) {
    const text = lookup(id);
    if (!values) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name) =>
      Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole);
  }

  // A number (or a number written with "." and "-", such as "4½" or "-1.5") as the
  // language writes it: the same decimal and minus signs as the server's tables.
  function num(value) {
    const text = String(value);
    if (current.point === "." && current.minus === "-") return text;
    return text.replace(/-/g, current.minus).replace(/\./g, current.point);
  }

  // An address of the API with the page's language.
  function url(address) {
    const [path, fragment] = address.split("#");
    const joined = `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(current.lang)}`;
    return fragment === undefined ? joined : `${joined}#${fragment}`;
  }

  function api(address, options) {
    return fetch(url(address), options);
  }

  // The marked labels of `root` in the current language; the identifiers are kept in
  // data attributes (data-i18n-id, data-i18n-id-<attribute>) for the next switch.
  function translate(root) {
    const scope = root || document;
    scope.querySelectorAll("[data-i18n]").forEach((el) => {
      if (el.dataset.i18nId === undefined) el.dataset.i18nId = normalized(el.textContent);
      if (el.dataset.i18nId) el.textContent = lookup(el.dataset.i18nId);
    });
    scope.querySelectorAll("[data-i18n-attr]").forEach((el) => {
      for (const name of el.dataset.i18nAttr.split(/\s+/).filter((n) => n)) {
        const keep = `data-i18n-id-${name}`;
        if (!el.hasAttribute(keep)) {
          if (!el.getAttribute(name)) continue;
          el.setAttribute(keep, el.getAttribute(name));
        }
        el.setAttribute(name, lookup(el.getAttribute(keep)));
      }
    });
  }

  function fillSwitch() {
    const select = document.getElementById("language");
    if (!select) return;
    if (select.options.length === 0) {
      const names = current.languages || Object.fromEntries(CODES.map((c) => [c, c]));
      for (const [c, name] of Object.entries(names)) {
        const o = document.createElement("option");
        o.value = c;
        o.textContent = name; // each language by its own name, never translated
        o.lang = c;
        select.appendChild(o);
      }
      select.addEventListener("change", () => setLanguage(select.value));
    }
    select.value = current.lang;
  }

  async function load(lang) {
    const r = await fetch(`/api/messages?lang=${encodeURIComponent(lang)}`);
    if (!r.ok) throw new Error(`the server answered ${r.status}`);
    return r.json();
  }

  // Switch to `lang`: its messages, the page's labels, <html lang>, the remembered
  // choice, then each page's own re-rendering (what it shows from the server).
  async function setLanguage(lang, chosen = true) {
    const wanted = code(lang) || "en";
    const asked = ++current.asked;
    let data;
    try {
      data = await load(wanted);
    } catch {
      data = { lang: wanted, messages: {}, number: wanted === "en" ? "-1.5" : null }; // the labels stay English
    }
    if (asked !== current.asked) return; // a later choice won
    current.lang = wanted;
    current.messages = data.messages || {};
    if (data.languages) current.languages = data.languages;
    const sample = data.number || "-1.5"; // how -1.5 is written: the minus and the decimal sign
    const one = sample.indexOf("1");
    current.minus = one > 0 ? sample.slice(0, one) : "-";
    current.point = one >= 0 && sample.length > one + 1 ? sample.charAt(one + 1) : ".";
    document.documentElement.lang = wanted;
    if (chosen) {
      try {
        localStorage.setItem(KEY, wanted);
      } catch {
        // not remembered: the page still switches
      }
    }
    translate(document);
    fillSwitch();
    if (!chosen) return; // the first language: the page renders in it by itself
    for (const f of listeners) {
      try {
        await f(wanted);
      } catch (e) {
        console.error(e);
      }
    }
  }

  // the words of the outlook zones' statuses (the JSON's codes stay the cells' classes);
  // "open": not proved either way (the Berger family or Buchholz decide, too many completions)
  function zoneStatus(status) {
    switch (status) {
      case "clinched": return _t("clinched");
      case "possible": return _t("possible");
      case "open": return _t("open");
      case "eliminated": return _t("eliminated");
      default: return status;
    }
  }

  // Criteria as typed (shared by the pages): split at the commas and spaces outside
  // parentheses, so that SB(2,1,0) stays one criterion.
  function criteria(text) {
    return text.match(/[^,\s(]+(\([^)]*\))?/g) || [];
  }

  const i18n = {
    _t,
    criteria,
    zoneStatus,
    num,
    url,
    api,
    translate,
    setLanguage,
    get lang() {
      return current.lang;
    },
    // `f` runs after every switch of language chosen on the page (not the first language).
    onChange(f) {
      listeners.push(f);
    },
  };
  // the first language, before the page's script renders anything
  i18n.ready = setLanguage(initial(), false);
  window.i18n = i18n;
  window._t = _t;
})();
