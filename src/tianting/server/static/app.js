// 天庭: small progressive enhancements. Every page works without this file.
(function () {
  "use strict";

  // Words this script writes into the page, in the page's script: the page lists them (#script-words, each
  // its data-word in Traditional, its text as the server converted the page: server/chinese_script.py).
  var WORDS = {};
  document.querySelectorAll("#script-words [data-word]").forEach(function (el) {
    WORDS[el.getAttribute("data-word")] = el.textContent;
  });
  function zh(text) { return WORDS[text] || text; }

  // ---- what every part of a page needs (run again on the parts a live update swaps in) ----
  function hide(el, hidden) {
    el.classList.toggle("hidden", hidden);
    if ("disabled" in el && el.tagName !== "LABEL") { el.disabled = hidden; }
  }

  // Night form: show only the target and argument fields the chosen skill uses (hidden fields
  // are disabled too, so they are not sent).
  function fitRow(row) {
    var select = row.querySelector("select.skill-select");
    if (!select) { return; }
    var option = select.options[select.selectedIndex];
    var chosen = option && option.value;
    var most = chosen ? parseInt(option.getAttribute("data-most") || "0", 10) : 0;
    var self = chosen ? option.getAttribute("data-self") === "1" : true;
    var dead = chosen ? option.getAttribute("data-dead") === "1" : false;
    var args = chosen ? (option.getAttribute("data-args") || "").split(" ").filter(Boolean) : [];
    row.querySelectorAll("[data-slot]").forEach(function (el) {
      var slot = parseInt(el.getAttribute("data-slot"), 10);
      hide(el, !chosen || slot >= most);
    });
    row.querySelectorAll("select.target-select").forEach(function (target) {
      Array.prototype.forEach.call(target.options, function (opt) {
        if (!opt.value) { return; }
        var out = opt.getAttribute("data-out") === "1";
        var me = opt.getAttribute("data-me") === "1";
        opt.disabled = (dead ? !out : out) || (me && !self);
      });
    });
    // a skill's own choices for an argument (data-for: 指認's characters and 評價) stand in for the free field
    var own = {};
    row.querySelectorAll("[data-for]").forEach(function (el) {
      if (el.getAttribute("data-for") === chosen) { own[el.getAttribute("data-arg")] = true; }
    });
    row.querySelectorAll("[data-arg]").forEach(function (el) {
      var key = el.getAttribute("data-arg");
      var only = el.getAttribute("data-for");
      var field = el.tagName !== "LABEL";
      hide(el, args.indexOf(key) < 0 || (only !== null ? only !== chosen : field && own[key] === true));
    });
  }

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  // The form's hidden "confirmed" field, filled once the reader said yes (server/confirm.py checks it).
  function confirmed(form) {
    var field = form && form.querySelector("input[name=confirmed]");
    if (field) { field.value = "1"; }
  }

  // The reader's zone at that moment, as the server names zones: UTC+8, UTC-3:30, UTC.
  function zoneName(date) {
    var minutes = -date.getTimezoneOffset();
    if (minutes === 0) { return "UTC"; }
    var whole = Math.abs(minutes);
    return "UTC" + (minutes > 0 ? "+" : "-") + Math.floor(whole / 60) + (whole % 60 ? ":" + pad(whole % 60) : "");
  }

  function localInput(date) {
    return date.getFullYear() + "-" + pad(date.getMonth() + 1) + "-" + pad(date.getDate()) + "T" +
      pad(date.getHours()) + ":" + pad(date.getMinutes());
  }

  function enhance(root) {
    // Copy buttons: <button data-copy="field-id">.
    root.querySelectorAll("button[data-copy]").forEach(function (button) {
      button.addEventListener("click", function () {
        var field = document.getElementById(button.getAttribute("data-copy"));
        if (!field) { return; }
        field.select();
        var done = function () { button.textContent = zh("已複製"); };
        if (navigator.clipboard && window.isSecureContext) {
          navigator.clipboard.writeText(field.value).then(done, function () { document.execCommand("copy"); done(); });
        } else {
          document.execCommand("copy");
          done();
        }
      });
    });

    // Confirmation before irreversible steps: <button data-confirm="…"> (empty: no question).
    // Browser tests must accept the dialog (Playwright dismisses dialogs by default, which cancels
    // the post): page.on("dialog", d => d.accept()).
    root.querySelectorAll("button[data-confirm]").forEach(function (button) {
      var question = button.getAttribute("data-confirm");
      if (!question) { return; }
      button.addEventListener("click", function (event) {
        if (!window.confirm(question)) { event.preventDefault(); return; }
        confirmed(button.form);
      });
    });

    // A skill that takes effect at once (自殺: 「即時生效，不可修改」): the action list asks before it is sent
    // (its option's data-immediate holds the question); the server refuses the list without the answer.
    root.querySelectorAll("form#actions-form").forEach(function (form) {
      form.addEventListener("submit", function (event) {
        var asked = false;
        form.querySelectorAll("select.skill-select").forEach(function (select) {
          var option = select.options[select.selectedIndex];
          var question = option && option.getAttribute("data-immediate");
          if (asked || !question || (event.submitter && event.submitter.name === "none")) { return; }
          asked = true;
          if (window.confirm(question)) { confirmed(form); } else { event.preventDefault(); }
        });
      });
    });

    // The console's ruling form: only the fields the chosen effect takes (each fieldset's data-effects, written by
    // the server from the rule set's table); the others are hidden and disabled, so they are not sent.
    root.querySelectorAll("select.ruling-effect").forEach(function (select) {
      var form = select.form;
      var fit = function () {
        form.querySelectorAll("fieldset.ruling-field").forEach(function (set) {
          var on = (set.getAttribute("data-effects") || "").split(" ").indexOf(select.value) >= 0;
          set.classList.toggle("hidden", !on);
          set.disabled = !on;
        });
        form.querySelectorAll(".field-for").forEach(function (el) { el.classList.add("hidden"); });
      };
      fit();
      select.addEventListener("change", fit);
    });

    root.querySelectorAll("fieldset.action-row").forEach(function (row) {
      fitRow(row);
      var select = row.querySelector("select.skill-select");
      if (select) { select.addEventListener("change", function () { fitRow(row); }); }
    });

    // Times: stored in UTC, written by the server in its display zone with the zone named (core/times.py);
    // with this script, in the reader's own zone, named by its offset (「2026-12-01 21:03（UTC+8）」).
    root.querySelectorAll("time.local-time").forEach(function (el) {
      var date = new Date(el.getAttribute("datetime"));
      if (isNaN(date.getTime())) { return; }
      el.textContent = localInput(date).replace("T", " ") + "（" + zoneName(date) + "）";
      el.title = zh("本機時間") + " · " + el.getAttribute("datetime");
    });

    // Forms the reader has typed in are not replaced by a live update.
    root.querySelectorAll("form").forEach(function (form) {
      var mark = function () { form.setAttribute("data-dirty", "1"); };
      form.addEventListener("input", mark);
      form.addEventListener("change", mark);
    });
    deadlineInput(root);
    countdown();
  }

  // The judge's deadline is typed in local time (the form sends the browser's offset with it).
  function deadlineInput(root) {
    var tz = root.querySelector("#deadline-tz");
    if (!tz) { return; }
    tz.value = String(-new Date().getTimezoneOffset());
    var zone = root.querySelector("#deadline-zone");
    if (zone) { zone.textContent = zh("本機時間") + " " + zoneName(new Date()); }
    var input = root.querySelector("#deadline-input");
    var utc = input && input.getAttribute("data-utc");
    if (utc) {
      var when = new Date(utc);
      if (!isNaN(when.getTime())) { input.value = localInput(when); }
    }
  }

  // ---- countdown to the deadline: <time class="countdown" datetime="…"> ----
  function countdown() {
    var now = Date.now();
    document.querySelectorAll("time.countdown").forEach(function (el) {
      var end = new Date(el.getAttribute("datetime")).getTime();
      if (isNaN(end)) { return; }
      var left = Math.floor((end - now) / 1000);
      if (left <= 0) {
        el.textContent = "（" + zh("已到時限") + "）";
        el.classList.add("due");
        return;
      }
      var d = Math.floor(left / 86400), h = Math.floor(left % 86400 / 3600);
      var m = Math.floor(left % 3600 / 60), s = left % 60;
      var text = (d ? d + zh("天") : "") + (d || h ? h + zh("小時") : "") + pad(m) + zh("分") + pad(s) + zh("秒");
      el.textContent = "（" + zh("還有") + " " + text + "）";
      el.classList.toggle("soon", left < 15 * 60);
    });
  }

  // ---- live: ask whether what this reader may see changed; if so, swap in what changed ----
  var body = document.body;
  var liveUrl = body.getAttribute("data-live");
  var version = body.getAttribute("data-live-version");
  var every = parseInt(body.getAttribute("data-live-every") || "5000", 10);
  var title = document.title;
  var main = document.querySelector("main");

  function status(text, link) {
    var el = document.getElementById("live-status");
    if (!el) { return; }
    el.textContent = text;
    if (link) {
      var a = document.createElement("a");
      a.href = window.location.pathname;
      a.textContent = zh("重新整理");
      el.appendChild(a);
    }
  }

  function sections(root) {
    var out = [];
    Array.prototype.forEach.call(root.children, function (el, i) {
      if (el.tagName === "SECTION") { out.push({key: el.id || "#" + i, el: el}); }
    });
    return out;
  }

  function dirty(el) {
    return el.querySelector("form[data-dirty]") !== null || el.contains(document.activeElement) &&
      document.activeElement !== document.body && /INPUT|TEXTAREA|SELECT/.test(document.activeElement.tagName);
  }

  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var next = fresh.querySelector("main");
    if (!next || !main) { return; }
    next.querySelectorAll(".flash").forEach(function (el) { el.remove(); });
    var before = sections(main), after = sections(next);
    var same = before.length === after.length && before.every(function (s, i) { return s.key === after[i].key; });
    var kept = false;
    if (same) {
      after.forEach(function (s, i) {
        var old = before[i].el;
        if (old.innerHTML === s.el.innerHTML) { return; }
        if (dirty(old)) { kept = true; return; }
        var node = document.importNode(s.el, true);
        node.classList.add("fresh");
        old.replaceWith(node);
        enhance(node);
      });
    } else if (before.some(function (s) { return dirty(s.el); })) {
      kept = true;
    } else {
      main.querySelectorAll("section").forEach(function (el) { el.remove(); });
      after.forEach(function (s) {
        var node = document.importNode(s.el, true);
        if (!before.some(function (b) { return b.key === s.key && b.el.innerHTML === s.el.innerHTML; })) {
          node.classList.add("fresh");
        }
        main.appendChild(node);
        enhance(node);
      });
    }
    var when = new Date();
    if (kept) {
      status(zh("有更新：你正在填寫的部分未更新，"), true);
    } else {
      status(zh("頁面已更新") + " " + pad(when.getHours()) + ":" + pad(when.getMinutes()) + ":" + pad(when.getSeconds()));
    }
    body.setAttribute("data-live-version", version);
    if (document.hidden) { document.title = zh("（有更新）") + title; }
  }

  function poll() {
    if (!liveUrl || !window.fetch) { return; }
    fetch(liveUrl, {credentials: "same-origin", cache: "no-store", headers: {"Accept": "application/json"}})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (answer) {
        if (!answer || answer.v === version) { return null; }
        version = answer.v;
        return fetch(window.location.pathname, {credentials: "same-origin", cache: "no-store"})
          .then(function (r) { return r.ok ? r.text() : null; })
          .then(function (html) { if (html) { swap(html); } });
      })
      .catch(function () { /* offline for a moment: ask again next time */ })
      .then(function () { window.setTimeout(poll, every); });
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { document.title = title; }
  });

  // A post's answer (…?ok=…) is shown once: reloading the page does not show it again.
  if (window.history && window.history.replaceState && /[?&]ok=/.test(window.location.search)) {
    window.history.replaceState(null, "", window.location.pathname + window.location.hash);
  }

  enhance(document);
  window.setInterval(countdown, 1000);
  if (liveUrl) { window.setTimeout(poll, every); }
})();
