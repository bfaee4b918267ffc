// Pasted error lines find their entry. Served locally; no dependencies.
//
// Python prints a message with quotes around it (KeyError: "value key 'x' not found ...") and
// Material's search turns text between double quotes into required terms: one name the site
// does not have, and "No matching documents". Material 9 has no hook for its query transform
// (custom transforms were removed in 9.0), so this rewrites the query on its way to the search
// worker: double quotes (straight and curly) become spaces, and a term's leading + or - (which
// would require or exclude it: a pasted "-1" or "--flag") is dropped. Without the quotes every
// word is optional, and a page that says "value key ... not found" in prose outranked the entry
// that shows the error; so a line that starts with an exception's name (KeyError:, or
// hydra.errors.ConfigCompositionException:) requires that name: the sections that show such an
// error come first. The reader's text in the box is left as typed; the index is built with the
// separator of mkdocs.yml, which already splits words at quotes and brackets.
(function () {
  "use strict";
  var QUERY = 2; // Material's SearchMessageType.QUERY (its worker's message protocol, 9.x)
  // The traceback matcher beside this file: fetched with the first query, not with every page.
  var SELF = document.currentScript;
  var EXPLAIN_SRC = SELF ? SELF.src.replace(/search-query\.js([?#].*)?$/, "explain-error.js") : null;
  var post = Worker.prototype.postMessage;  // the prototype stays the native one: ReorderingWorker below shares it

  var ERROR_NAME = /(?:^|[\s(\[:'"])(?:[A-Za-z_]\w*\.)*([A-Za-z_]\w*(?:Error|Exception|Warning))\s*:\s*/g;
  var FRAME_LINE = /^\s*File "[^"]*", line \d+/;

  // The last exception name of the last line naming one, and what follows it on that line; null when
  // none does. (A traceback pasted into the one-line box arrives as one line: its last name counts.)
  function errorLine(query) {
    var lines = query.split(/\r?\n/);
    for (var i = lines.length - 1; i >= 0; i--) {
      if (lines.length > 1 && FRAME_LINE.test(lines[i])) continue;
      var match, last = null;
      ERROR_NAME.lastIndex = 0;
      while ((match = ERROR_NAME.exec(lines[i])) !== null) last = match;
      if (last) return { name: last[1], rest: lines[i].slice(last.index + last[0].length) };
    }
    return null;
  }

  // Material's worker gives every term a trailing wildcard (results as you type), so a typed "a" or
  // "I" matched every title starting with that letter, and titles weigh a thousand times the text:
  // "what does a loss forward return" ranked the A... loss pages first. Words that only make a
  // question a sentence go, and so do lone letters; the index keeps them (no stop-word filter), so
  // a pasted message still finds the text that quotes it whole.
  var FUNCTION_WORDS = {};
  ("a an the i me my we our you your it its is are was be been do does did how what which why when " +
   "where who can could should would will shall to of in on at by for from with into about and or " +
   "this that these those there get")
    .split(" ").forEach(function (word) { FUNCTION_WORDS[word] = true; });
  // A name typed with one letter wrong (dropped, doubled, swapped or changed) finds nothing by
  // prefix; a short query of names also asks for each name within one edit (lunr's term~1).
  var NAME = /^[A-Za-z_][A-Za-z0-9_]{4,}$/, FEW_TERMS = 2;

  function meaningful(term) {
    return !Object.prototype.hasOwnProperty.call(FUNCTION_WORDS, term.toLowerCase()) && !/^[A-Za-z]$/.test(term);
  }

  function tolerant(query) {
    var error = errorLine(query);
    var terms = (error ? error.rest : query)
      .replace(/["\u201c\u201d]/g, " ")
      .replace(/(^|\s)[+\-~^]+(?=\S)/g, "$1")
      .split(/\s+/)
      .filter(function (term) { return term.length > 0; });
    var kept = terms.filter(meaningful);
    if (kept.length) terms = kept;
    if (!error && terms.length <= FEW_TERMS) {
      terms = terms.concat(terms.filter(function (term) { return NAME.test(term); }).map(function (term) { return term + "~1"; }));
    }
    var text = terms.join(" ");
    return error ? ("+" + error.name + " " + text).trim() : text;
  }

  // A question ("how do I ...", "which ... should I use", "what does ... mean") asks for the page or
  // section that explains; a troubleshooting entry answers a symptom, and its text names every class
  // and key the question does, so entries led the results of questions whose answer is a guide. For
  // a question the results from troubleshooting pages weigh less: still shown, after the sections
  // that explain unless they match far better. "Why ..." is left alone: it is how symptoms are asked.
  // The error catalogue (troubleshooting/errors/) is reference, what the code raises, not entries.
  var QUESTION = /^\s*(how|what|which|where|when|does|do|can|should|is|are)\b/i;
  var SYMPTOM_PAGES = /^troubleshooting\/(?!errors\/)/;
  var QUESTION_WEIGHT = 0.3;
  var RESULT = 3; // Material's SearchMessageType.RESULT

  function isQuestion(query) {
    return QUESTION.test(query) && !errorLine(query);
  }

  // Material's result: one group per page (its sections, best first), groups best first.
  function explanationsFirst(items) {
    return items
      .map(function (group, position) {
        var best = 0;
        group.forEach(function (doc) {
          var score = doc.score * (SYMPTOM_PAGES.test(doc.location) ? QUESTION_WEIGHT : 1);
          if (score > best) best = score;
        });
        return { group: group, best: best, position: position };
      })
      .sort(function (a, b) { return b.best - a.best || a.position - b.position; })
      .map(function (ranked) { return ranked.group; });
  }

  // The worker answers queries in the order it receives them: each result is matched with its query.
  // A result is caught on its way to the page's listeners: a listener this script adds to each worker
  // as it is made (before any other, so it runs first) stops it and sends its reordered copy on. The
  // page loads this script in its head (overrides/main.html), before Material makes its search worker.
  var ours = new WeakSet();

  function reorderResults(worker) {
    worker.__torchrlQuestions = [];
    worker.addEventListener("message", function (event) {
      var data = event.data;
      if (ours.has(event) || !data || data.type !== RESULT || !worker.__torchrlQuestions.length) return;
      if (!worker.__torchrlQuestions.shift() || !data.data || !data.data.items) return;
      event.stopImmediatePropagation();
      var reordered = new MessageEvent("message", {
        data: { type: data.type, data: Object.assign({}, data.data, { items: explanationsFirst(data.data.items) }) },
      });
      ours.add(reordered);
      worker.dispatchEvent(reordered);
    });
  }

  // The matcher answers an error-shaped query above the results (explain-error.js, searchBox). It is
  // fetched once, with the first query; the query typed by the time it arrives is the one answered.
  var explainLoading = null, explainPending = null;
  function loadExplain() {
    if (window.torchrlExplain) return Promise.resolve(window.torchrlExplain);
    if (!explainLoading) {
      explainLoading = new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = EXPLAIN_SRC;
        script.onload = function () { resolve(window.torchrlExplain); };
        script.onerror = reject;
        document.head.appendChild(script);
      });
    }
    return explainLoading;
  }
  function explainInSearch(query) {
    if (window.torchrlExplain) { window.torchrlExplain.searchBox(query); return; }
    explainPending = query;
    if (!EXPLAIN_SRC || !query.trim()) return;
    loadExplain().then(function (explainer) { if (explainer) explainer.searchBox(explainPending); }, function () {});
  }

  var NativeWorker = window.Worker;
  function ReorderingWorker(url, options) {
    var worker = new NativeWorker(url, options);
    reorderResults(worker);
    return worker;
  }
  ReorderingWorker.prototype = NativeWorker.prototype;
  window.Worker = ReorderingWorker;

  window.torchrlSearchOrder = { isQuestion: isQuestion, explanationsFirst: explanationsFirst, loadExplain: loadExplain };

  Worker.prototype.postMessage = function (message) {
    if (message && message.type === QUERY && typeof message.data === "string") {
      arguments[0] = { type: message.type, data: tolerant(message.data) };
      if (this.__torchrlQuestions) this.__torchrlQuestions.push(isQuestion(message.data));
      explainInSearch(message.data);
    }
    return post.apply(this, arguments);
  };
})();
