// 天庭: small progressive enhancements. Every page works without this file.
(function () {
  "use strict";

  // Copy buttons: <button data-copy="input-id">.
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    button.addEventListener("click", function () {
      var field = document.getElementById(button.getAttribute("data-copy"));
      if (!field) { return; }
      field.select();
      var done = function () { button.textContent = "已複製"; };
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
  document.querySelectorAll("button[data-confirm]").forEach(function (button) {
    var question = button.getAttribute("data-confirm");
    if (!question) { return; }
    button.addEventListener("click", function (event) {
      if (!window.confirm(question)) { event.preventDefault(); }
    });
  });

  // Night form: show only the target and argument fields the chosen skill uses (hidden fields
  // are disabled too, so they are not sent).
  function hide(el, hidden) {
    el.classList.toggle("hidden", hidden);
    if ("disabled" in el && el.tagName !== "LABEL") { el.disabled = hidden; }
  }

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
    row.querySelectorAll("[data-arg]").forEach(function (el) {
      hide(el, args.indexOf(el.getAttribute("data-arg")) < 0);
    });
  }

  document.querySelectorAll("fieldset.action-row").forEach(function (row) {
    fitRow(row);
    var select = row.querySelector("select.skill-select");
    if (select) { select.addEventListener("change", function () { fitRow(row); }); }
  });

  // Times: stored and shown in UTC; with this script, shown in the reader's own time, and the
  // judge's deadline typed in local time (the form sends the browser's offset with it).
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function localInput(date) {
    return date.getFullYear() + "-" + pad(date.getMonth() + 1) + "-" + pad(date.getDate()) + "T" +
      pad(date.getHours()) + ":" + pad(date.getMinutes());
  }
  document.querySelectorAll("time.local-time").forEach(function (el) {
    var date = new Date(el.getAttribute("datetime"));
    if (!isNaN(date.getTime())) { el.textContent = localInput(date).replace("T", " ") + "（本機時間）"; }
  });
  var tz = document.getElementById("deadline-tz");
  if (tz) {
    tz.value = String(-new Date().getTimezoneOffset());
    var zone = document.getElementById("deadline-zone");
    if (zone) { zone.textContent = "本機時間"; }
    var input = document.getElementById("deadline-input");
    var utc = input && input.getAttribute("data-utc");
    if (utc) {
      var when = new Date(utc);
      if (!isNaN(when.getTime())) { input.value = localInput(when); }
    }
  }
})();
