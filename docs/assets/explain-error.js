// Paste a traceback, get the answer: the browser half of the one matcher.
//
// The index (explain-index.json, written by the build beside inventory.json) and the rules are
// the project's: tools/error_catalog/facts/match.py reads what was pasted (parse), then scores each
// target of the index. This file follows those rules step for step on the same index, so the box,
// the search box and the `explain_error` command rank alike; tests/site/test_explain_browser.py
// feeds both the same texts and compares their answers. Served locally; no dependencies.
(function () {
  "use strict";

  // ---- match.py: parse ----------------------------------------------------------------------------
  var EXCEPTION = /(?:^|[\s()\[\]:'"])((?:[A-Za-z_][A-Za-z0-9_]*\.)*((?:[A-Za-z_][A-Za-z0-9_]*)?(?:Error|Exception|Warning|Exit|Interrupt)|Stop(?:Async)?Iteration))(?:\s*:\s*|\s*$)/;
  var QUALIFIED = /^\s*((?:[A-Za-z_][A-Za-z0-9_]*\.)+(_*[A-Z][A-Za-z0-9_]*))\s*:\s*/;
  var FRAME = /File "([^"]+)", line \d+, in ([^\s]+)/;
  var MESSAGE_END = /^\s*$|^\s*File "|^Traceback |^During handling|^The above exception/;
  var TORCHRL_PATH = /(?:^|.*[/\\])(torchrl[/\\].+)$/;
  var COMPREHENSIONS = { "<listcomp>": true, "<dictcomp>": true, "<setcomp>": true, "<genexpr>": true };
  var LINES_KEPT = 3;

  function pySplitJoin(text) {
    return text.split(/\s+/).filter(function (part) { return part.length > 0; }).join(" ");
  }

  // One quoted string (a KeyError's message), not a message that starts and ends with quoted names.
  function quotedWhole(text) {
    if (text.length < 2 || text[0] !== text[text.length - 1] || (text[0] !== "'" && text[0] !== '"')) {
      return false;
    }
    return !new RegExp("(^|[^\\\\])" + text[0]).test(text.slice(1, -1));
  }

  function normalise(message) {
    var text = message.trim();
    if (quotedWhole(text)) {
      text = text.slice(1, -1).split("\\'").join("'").split('\\"').join('"');
    }
    text = text.split("\\n").join(" ").split('"').join("'");
    return pySplitJoin(text);
  }

  function torchrlPath(path) {
    var match = TORCHRL_PATH.exec(path);
    return match ? match[1].replace(/\\/g, "/") : null;
  }

  var EXCEPTION_ALL = new RegExp(EXCEPTION.source, "g");

  function reflow(text) {
    if (text.indexOf("\n") >= 0 || !FRAME.test(text)) return text;
    text = text.replace(/\s*(File ")/g, "\n$1");
    var last = null, match;
    EXCEPTION_ALL.lastIndex = 0;
    while ((match = EXCEPTION_ALL.exec(text)) !== null) {
      last = match;
      if (match[0].length === 0) EXCEPTION_ALL.lastIndex++;
    }
    if (last === null) return text;
    var start = last.index + last[0].indexOf(last[1]);
    return text.slice(0, start).replace(/\s+$/, "") + "\n" + text.slice(start);
  }

  function parse(text) {
    var lines = reflow(text.replace(/\r\n/g, "\n").replace(/\r/g, "\n")).split("\n");
    var raised = [];
    for (var index = lines.length - 1; index >= 0; index--) {
      var line = lines[index];
      if (FRAME.test(line)) continue;
      var match = EXCEPTION.exec(line) || QUALIFIED.exec(line);
      if (!match) continue;
      var rest = [line.slice(match.index + match[0].length)];
      // A warning's line is followed by the source line that warned, not by more message.
      var warning = /Warning$/.test(match[2]);
      for (var after = index + 1; after < lines.length && !warning; after++) {
        if (MESSAGE_END.test(lines[after]) || EXCEPTION.test(lines[after])) break;
        rest.push(lines[after]);
      }
      raised.push({ exception: match[2], message: normalise(rest.join(" ")) });
      if (raised.length === LINES_KEPT) break;
    }
    if (!raised.length) raised.push({ exception: "", message: normalise(text) });
    var frames = [];
    lines.forEach(function (line) {
      var frame = FRAME.exec(line);
      if (!frame) return;
      var path = torchrlPath(frame[1]);
      if (path !== null && !COMPREHENSIONS[frame[2]]) frames.push(path + ":" + frame[2]);
    });
    return { raised: raised, frames: frames.reverse() };
  }

  // ---- match.py --------------------------------------------------------------------------------
  var KIND_ORDER = { entry: 0, mechanism: 1, site: 2, release: 3, fix: 4, "function": 5, module: 6 };
  var WHOLE = 3000, START = 2500, WORDS = 1000, OTHER_TYPE = -500, EARLIER_LINE = -100;
  var INNERMOST_FRAME = 300, ANY_FRAME = 150, FRAME_DEPTH = 40, DEEPEST = 10;
  var FRAME_ONLY = { entry: 800, "function": 700, module: 500, fix: 400 };
  var INNERMOST_ONLY = { entry: true, fix: true };
  var SHOWN = 900, RESULTS = 8, MIN_FIXED = 8;
  var WORD = /[a-z_][a-z0-9_]{2,}/g;
  // match.py's BOILERPLATE: the words of Python's and torch's own messages, which tell no failure apart.
  var BOILERPLATE = Object.create(null);  // no inherited names ("constructor")
  ("object has attribute not callable got unexpected keyword argument arguments missing required positional " +
   "index out bounds for dimension with size range tuple cannot import name from subscriptable json serializable " +
   "type mismatch expected but the and was were are this that which when while error invalid value none")
    .split(" ").forEach(function (word) { BOILERPLATE[word] = true; });

  function words(text) {
    var found = text.toLowerCase().match(WORD) || [];
    var seen = {}, out = [];
    found.forEach(function (word) {
      if (!Object.prototype.hasOwnProperty.call(seen, word)) { seen[word] = true; out.push(word); }
    });
    return out;
  }

  var compiled = {};
  function patterns(pattern) {
    if (!Object.prototype.hasOwnProperty.call(compiled, pattern)) {
      compiled[pattern] = [new RegExp("^(?:" + pattern + ")$", "i"), new RegExp("^(?:" + pattern + ")", "i")];
    }
    return compiled[pattern];
  }

  function templateScore(target, message) {
    var best = 0;
    for (var i = 0; i < target.templates.length; i++) {
      var pattern = target.templates[i][0], fixed = target.templates[i][1];
      if (fixed < MIN_FIXED) continue;
      var pair = patterns(pattern);
      if (pair[0].test(message)) best = Math.max(best, WHOLE + Math.min(fixed, 999));
      else if (pair[1].test(message)) best = Math.max(best, START + Math.min(fixed, 499));
    }
    return best;
  }

  function wordScore(target, messageWords, count) {
    var own = target.words;
    if (own.length < 2 || !count) return 0;
    var common = 0;
    own.forEach(function (word) { if (messageWords[word]) common++; });
    if (common < 2 || 5 * common < own.length + count) return 0;
    return WORDS + Math.floor((999 * 2 * common) / (own.length + count));
  }

  function frameDepth(target, pasted) {
    var own = target.frames;
    if (!own.length) return null;
    for (var depth = 0; depth < pasted.frames.length; depth++) {
      var frame = pasted.frames[depth];
      var module = frame.slice(0, frame.lastIndexOf(":")) + ":*";
      if (own.indexOf(frame) >= 0 || own.indexOf(module) >= 0) return depth;
    }
    return null;
  }

  function score(target, pasted, wordSets) {
    var best = 0, why = "";
    pasted.raised.forEach(function (raised, position) {
      var points = templateScore(target, raised.message), reason = "message";
      if (!points) {
        points = wordScore(target, wordSets[position].set, wordSets[position].count);
        reason = "words";
      }
      if (!points) return;
      if (raised.exception && target.exception && raised.exception !== target.exception) points += OTHER_TYPE;
      points += EARLIER_LINE * position;
      if (points > best) { best = points; why = reason; }
    });
    var depth = frameDepth(target, pasted);
    if (depth === null) return [best, why];
    if (best) return [best + (depth === 0 ? INNERMOST_FRAME : ANY_FRAME), why];
    var alone = FRAME_ONLY[target.kind] || 0;
    var exception = pasted.raised[0].exception;
    if (INNERMOST_ONLY[target.kind] && depth > 0) alone = 0;
    if (target.kind === "entry" && exception && target.exception && exception !== target.exception) alone = 0;
    if (!alone) return [0, ""];
    return [alone - FRAME_DEPTH * Math.min(depth, DEEPEST), "frames"];
  }

  function explain(index, text, limit) {
    limit = limit || RESULTS;
    var pasted = parse(text);
    var anyMessage = pasted.raised.some(function (raised) { return raised.message; });
    if (!anyMessage && !pasted.frames.length) return [];
    var common = Object.create(null);
    (index.common || []).forEach(function (word) { common[word] = true; });
    var wordSets = pasted.raised.map(function (raised) {
      var set = Object.create(null);  // no inherited names ("constructor")
      var list = words(raised.message).filter(function (word) { return !common[word] && !BOILERPLATE[word]; });
      list.forEach(function (word) { set[word] = true; });
      return { set: set, count: list.length };
    });
    var found = [];
    index.targets.forEach(function (target, position) {
      var result = score(target, pasted, wordSets);
      if (result[0] >= SHOWN || (result[1] === "frames" && result[0] > 0)) {
        found.push({ points: result[0], order: KIND_ORDER[target.kind], position: position, target: target, why: result[1] });
      }
    });
    found.sort(function (a, b) {
      return (b.points - a.points) || (a.order - b.order) || (a.position - b.position);
    });
    var results = [], shown = {};
    for (var i = 0; i < found.length && results.length < limit; i++) {
      var t = found[i].target, key = t.kind + "\u0000" + t.title;
      if (Object.prototype.hasOwnProperty.call(shown, key)) continue;
      shown[key] = true;
      results.push({ kind: t.kind, id: t.id, title: t.title, url: t.url, note: t.note, score: found[i].points, why: found[i].why });
    }
    return results;
  }

  // ---- the page ----------------------------------------------------------------------------------
  var INDEX_FILE = "explain-index.json";
  var LABELS = {
    entry: "Troubleshooting entry",
    mechanism: "How it goes wrong",
    site: "Raised here",
    release: "Release history",
    fix: "Fixed upstream",
    "function": "What this function checks",
    module: "What this module raises",
  };

  function siteRoot() {
    var config = document.getElementById("__config");
    var base = config ? JSON.parse(config.textContent).base : ".";
    return new URL(base.replace(/\/?$/, "/"), window.location.href);
  }

  var loading = null;
  function loadIndex() {
    if (!loading) {
      loading = fetch(new URL(INDEX_FILE, siteRoot())).then(function (response) {
        if (!response.ok) throw new Error(INDEX_FILE + ": " + response.status);
        return response.json();
      });
    }
    return loading;
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function renderResults(results, root) {
    var list = element("ol", "explain-list");
    results.forEach(function (result) {
      var item = element("li", "explain-item explain-item--" + result.kind);
      var link = element("a", "explain-link", result.title);
      link.href = new URL(result.url, root).href;
      item.appendChild(element("span", "explain-kind", LABELS[result.kind] || result.kind));
      item.appendChild(link);
      if (result.note) item.appendChild(element("span", "explain-note", result.note));
      list.appendChild(item);
    });
    return list;
  }

  function showIn(container, text, emptyText) {
    return loadIndex().then(function (index) {
      var results = explain(index, text);
      container.textContent = "";
      if (!results.length) {
        container.appendChild(element("p", "explain-empty", emptyText));
      } else {
        container.appendChild(renderResults(results, siteRoot()));
      }
      return results;
    }).catch(function (error) {
      container.textContent = "";
      container.appendChild(element("p", "explain-empty", "The matcher's index could not be read (" + error.message + ")."));
      return [];
    });
  }

  function wireBox() {
    var input = document.getElementById("explain-input");
    var button = document.getElementById("explain-run");
    var out = document.getElementById("explain-results");
    if (!input || !button || !out) return;
    var run = function () {
      if (!input.value.trim()) { out.textContent = ""; return; }
      showIn(out, input.value, "Nothing in the catalogue, the troubleshooting entries or the fix history matches this text. " +
        "Paste the whole traceback (its torchrl frames help), or the exception line alone.");
    };
    button.addEventListener("click", run);
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) { event.preventDefault(); run(); }
    });
  }

  // The main search box: an error-shaped query is answered by the matcher first, above Material's
  // results. Error-shaped: it names an exception or holds a traceback's frame line, or it is a
  // message without its exception's name (a reader pasting what follows "KeyError:"), which the
  // matcher recognises by a template of the catalogue; words alone do not make a message of a
  // query without an exception's name (a symptom typed in plain words is Material's to rank).
  var SEARCH_SHOWN = 3, MESSAGE_WORDS = 4;

  function namesAnException(query) { return EXCEPTION.test(query) || FRAME.test(query); }
  function mayBeAMessage(query) { return pySplitJoin(query).split(" ").length >= MESSAGE_WORDS; }

  function searchAnswers(index, query) {
    if (namesAnException(query)) return explain(index, query, SEARCH_SHOWN);
    if (!mayBeAMessage(query)) return [];
    return explain(index, query, SEARCH_SHOWN).filter(function (result) { return result.why === "message"; });
  }

  var latest = 0;
  function searchBox(query) {
    var panel = document.querySelector(".md-search-result");
    if (!panel) return;
    var block = panel.querySelector(".explain-search");
    var ticket = ++latest;
    // The matcher's index is fetched for a query it may answer, never on a page's load.
    if (!namesAnException(query) && !mayBeAMessage(query)) { if (block) block.remove(); return; }
    loadIndex().then(function (index) {
      if (ticket !== latest) return;
      var results = searchAnswers(index, query);
      if (!results.length) { if (block) block.remove(); return; }
      if (!block) {
        block = element("div", "explain-search");
        panel.insertBefore(block, panel.firstChild);
      }
      block.textContent = "";
      block.appendChild(element("p", "explain-search__title", "From the error catalogue"));
      block.appendChild(renderResults(results, siteRoot()));
    }).catch(function () { if (ticket === latest && block) block.remove(); });
  }

  window.torchrlExplain = { parse: parse, explain: explain, normalise: normalise, words: words, loadIndex: loadIndex, searchBox: searchBox, searchAnswers: searchAnswers };

  if (typeof document$ !== "undefined") {
    document$.subscribe(wireBox);  // Material's page-load observable (instant navigation included)
  } else {
    document.addEventListener("DOMContentLoaded", wireBox);
  }
})();
