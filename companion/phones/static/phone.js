/* The phone's rat ledger: plain DOM, no framework, so it loads fast on any phone. */
(function () {
  "use strict";
  var API = "/phone/api/";
  /* A pairing link's claim goes out first of all, before the rest of the page is even parsed. */
  var match = /^\/phone\/join\/([A-Za-z0-9_-]{20,100})$/.exec(location.pathname);
  var joining = match ? claim(match[1]) : null;
  var T = JSON.parse(document.getElementById("texts").textContent);
  var source = null, current = null, hideTimer = 0, pressedAt = 0, pointerUsed = false, retry = 0;
  var checking = false, checkTimer = 0, cue = "", countPage = {};
  var endDrawn = null, endTyped = false;

  function $(id) { return document.getElementById(id); }
  function t(key, vars) {
    /* A counted text has a singular form for the counts the language says take it ("1 rat"). */
    var count = (T["#count"] || {})[key];
    var one = count !== undefined && vars && (T["#one"] || []).indexOf(Number(vars[count])) >= 0;
    var text = (one && T[key + "#one"]) || T[key] || key;
    for (var name in vars || {}) text = text.split("{" + name + "}").join(vars[name]);
    return text;
  }
  /* One status line. A message about the link to the table (`link`) is the badge's to keep:
     it goes when the link is back (`online`), and it is never shown under a "live" badge. */
  function say(text, bad, link) {
    var el = $("status"); el.textContent = text || ""; el.className = bad ? "bad" : "";
    if (link) el.setAttribute("data-link", "1"); else el.removeAttribute("data-link");
  }
  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }
  function signed(n) { return (n > 0 ? "+" : n < 0 ? "\u2212" : "") + Math.abs(n); }

  function call(method, path, body) {
    var init = { method: method, credentials: "same-origin", cache: "no-store", headers: {} };
    if (body !== undefined) { init.headers["Content-Type"] = "application/json"; init.body = JSON.stringify(body); }
    return fetch(API + path, init).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        if (response.ok) return data;
        var error = new Error(data.message || "error");
        error.code = data.error || "network"; error.status = response.status;
        throw error;
      });
    }, function () { var error = new Error("network"); error.code = "network"; throw error; });
  }

  function refused(error) {
    if (error.status === 401) return unpaired(error.code);
    if (error.code === "network") return lost();
    /* The server words what names a player ("{player}") in the phone's language. */
    var worded = error.code === "refused" || (T["e." + error.code] || "").indexOf("{") >= 0;
    say((worded && error.message) || T["e." + error.code] || error.message || t("e.network"), true);
  }

  /* A request found no table: the link is down, whatever the stream last said. The badge says
     so with the message, and the page reconnects (which brings both back together). */
  function lost() {
    if (source) { var stream = source; source = null; stream.close(); }
    unreachable("network");
    check();
  }
  function unreachable(code) { offline(); say(T["e." + code] || t("e.network"), true, true); }

  function unpaired(code) {
    if (source) { source.close(); source = null; }
    current = null;
    $("ledger").hidden = true; $("pairing").hidden = false;
    $("pairing-text").textContent = T["e." + code] || t("unpaired");
    /* Not paired is not a lost connection: no "reconnecting…" pill that never ends. */
    $("link").hidden = true;
    say("");
  }

  function mark(name) { if (window.performance && performance.mark && !performance.getEntriesByName(name).length) performance.mark(name); }

  /* The engine's ledger entry in words: "+2: 2 cards off-estate at the Monastery, round 3". */
  function entryText(entry, rows) {
    var row = rows[entry.round - 1] || [];
    var building = entry.building === null ? "" : row[entry.building];
    var key = "r." + entry.reason;
    var reason = T[key] ? t(key, { count: Math.abs(entry.delta), building: building ? t("b." + building) : "" }) : entry.reason;
    var change = entry.applied === undefined ? entry.delta : entry.applied;
    /* The whole line is one text of the catalogs, so each language orders and spaces it. */
    var line = "line." + (entry.round ? "round" : "setup") + (change ? "" : ".plain");
    return t(line, { change: signed(change), reason: reason, round: entry.round });
  }

  /* What a correction by the table did to the player's rats, and to which of their entries:
     "The table corrected round 5: +2 rats for you." with "Monastery, round 5: −2 → 0". */
  function correctionItem(correction, rows) {
    var text = correction.change
      ? t("corrected", { round: correction.round, change: signed(correction.change), n: Math.abs(correction.change) })
      : t("corrected_same", { round: correction.round });
    var item = el("li", text);
    correction.entries.forEach(function (entry) {
      var row = rows[entry.round - 1] || [];
      var building = entry.building === null ? "" : row[entry.building];
      var named = building ? t("b." + building) : "";
      var key = T["c." + entry.reason] ? "c." + entry.reason : "r." + entry.reason;
      var reason = T[key] ? t(key, { count: Math.abs(entry.now || entry.was), building: named }) : entry.reason;
      item.appendChild(el("span", t("corrected_entry", { reason: reason, round: entry.round,
        was: signed(entry.was), now: signed(entry.now) }), "more"));
    });
    return item;
  }

  function render(payload) {
    current = payload;
    var view = payload.view, notes = [], bound = 0;
    $("pairing").hidden = true; $("ledger").hidden = false;
    $("who").textContent = view.name || t("seat", { n: payload.seat + 1 });
    $("who").className = view.colour ? "c-" + view.colour : "";
    $("rats").textContent = t("rats", { n: view.rats });
    view.nun_notes.forEach(function (nuns, index) {
      if (nuns === null) return;
      notes.push({ position: index + 1, nuns: nuns });
      bound += nuns;
    });
    /* Compared with the nuns seen, named on the line itself; no nuns seen: nothing to compare. */
    $("compare").textContent = bound ? t(view.rats > bound ? "above" : "not_above", { n: bound }) : "";
    $("bound").textContent = !notes.length ? t("none_seen") : bound ? t("nun_bound", { n: bound }) : t("no_nuns_seen");
    var list = $("notes"); list.textContent = "";
    notes.forEach(function (note) { list.appendChild(el("li", t("nun_note", note))); });

    /* The table's corrections of this player's rats, newest first, above the history they
       changed; each changed line says so too. */
    var corrected = {};
    list = $("corrected"); list.textContent = "";
    (view.corrections || []).slice().reverse().forEach(function (correction) {
      list.appendChild(correctionItem(correction, payload.rows || []));
      correction.entries.forEach(function (entry) { corrected[entry.entry_id] = true; });
    });
    list = $("history"); list.textContent = "";
    /* What the table has worked out but records with its next tap: shown now, apart. */
    (view.pending || []).forEach(function (change) {
      var item = el("li", entryText(change, payload.rows || []), "pending");
      if (change.hand_cards_up_to) item.appendChild(el("span", t("pending_hand_cards", { n: change.hand_cards_up_to }), "more"));
      item.appendChild(el("span", t("pending"), "waiting"));
      list.appendChild(item);
    });
    view.ledger.slice().reverse().forEach(function (entry) {
      var item = el("li", entryText(entry, payload.rows || []));
      if (corrected[entry.entry_id]) item.appendChild(el("span", t("corrected_line"), "corrected"));
      if (entry.dispute === "checked") item.appendChild(el("span", t("dispute_checked"), "checked"));
      else if (entry.disputed) item.appendChild(el("span", t("disputed"), "disputed"));
      else if (entry.public) {
        var flag = el("button", t("dispute"));
        flag.type = "button";
        flag.onclick = function () { send("dispute", { entry_id: entry.entry_id }); };
        item.appendChild(flag);
      }
      list.appendChild(item);
    });

    /* Only what the game has, and nothing to change once it is scored. */
    var reasons = view.reasons || ["supply_discard", "correction"];
    $("hospital-note").hidden = !view.hospital_at_table || !reasons.length;
    Array.prototype.forEach.call(document.querySelectorAll("[data-reason]"), function (b) {
      b.hidden = reasons.indexOf(b.getAttribute("data-reason")) < 0;
    });
    var scored = !!view.result || !!view.scored;
    $("log").hidden = !reasons.length;
    $("nuns").hidden = scored;
    $("result").hidden = !scored;
    $("undo").hidden = scored;
    if (scored && view.result) {
      $("compare").textContent = "";
      $("my-result").textContent = t("my_vp", { vp: view.result.vp, rats: view.result.rats });
      $("survival").textContent = t(view.result.survives ? "survived" : "died");
      $("winner").textContent = view.result.winners.length
        ? t("winner", { names: view.result.winners.join(", ") }) : t("nobody");
      Array.prototype.forEach.call(document.querySelectorAll("#history button"), function (b) { b.hidden = true; });
      var asked = payload.request;
      $("fix-status").textContent = asked ? t("fix_" + asked.status, { n: asked.rats }) : "";
      if (!$("fix-rats").value) $("fix-rats").value = view.result.rats;
    }
    $("end").hidden = scored || view.phase !== "END";
    $("confirm").hidden = scored || !payload.can_confirm || view.phase !== "END";
    $("confirm").disabled = !!view.rats_confirmed;
    $("confirm").textContent = t(view.rats_confirmed ? "confirmed" : "confirm");
    var atTable = !!payload.entered_at_table;
    drawTurn(view.turn, atTable);
    drawTakeBack(payload);
    drawEnd(payload.end, atTable);
    drawReveal(view.reveal, view.player, atTable);
    drawChoice(view.choice, atTable);
    drawLesson(payload.lesson);
    keepAwake(!scored);
    mark("ledger-shown");
  }

  /* A building of the row by its name; a row can hold two cards of one building (5 copies
     each), and then the server says which card it is (`copy`, 1 from the left). */
  function placeName(place) {
    var name = t("b." + place.building);
    return place.copy ? t("b.copy", { building: name, n: place.copy }) : name;
  }

  /* Players named in a list on this phone, its own player as "you" (the list's other names
     are the players' colours or names). */
  function listed(players, names) {
    var me = current ? current.view.player : null;
    return players.map(function (p) { return p === me ? t("list.you") : names[p]; }).join(", ");
  }

  /* Phase C: whose turn it is, the row and the entries so far; on the player's own turn a
     count button per building (0-12, then 13+), one tap as on the table, and a Pass if they
     may play one. Every building is a place in the row, so a tap names building and count.
     A seat the table enters for (`atTable`) sees the turn with no buttons, and on its own
     turn is told to say its entry at the table. */
  function drawTurn(turn, atTable) {
    var box = $("turn"), row = $("row");
    box.hidden = !turn; row.textContent = "";
    if (!turn) { cue = ""; return; }
    var names = turn.names, actor = names[turn.actor], key = JSON.stringify(turn.step);
    var mine = turn.yours && !atTable;
    box.className = turn.yours ? "mine" : "";
    $("turn-who").textContent = turn.yours ? t("turn.yours") : t("turn.other", { player: actor });
    $("turn-hint").hidden = !mine;
    $("turn-table").hidden = !atTable || !turn.yours;
    if (turn.yours && cue !== key) turnCue();
    cue = turn.yours ? key : "";
    var page = countPage[key] || 0;
    turn.row.forEach(function (place, b) {
      var card = el("div", "", "place"), label = el("b", placeName(place));
      label.appendChild(el("small", " \u00b7 " + t("s." + place.estate)));
      card.appendChild(label);
      card.setAttribute("data-building", b);
      if (mine) {
        card.appendChild(el("small", t("turn.slot", { slot: place.slot })));
        var counts = el("div", "", "counts");
        if (page) counts.appendChild(button("\u2039", function () { countPage = {}; countPage[key] = page - 1; drawTurn(turn); }, t("turn.fewer")));
        for (var n = page * 13; n < page * 13 + 13; n++) counts.appendChild(count(turn, b, n));
        counts.appendChild(button((page + 1) * 13 + "+", function () { countPage = {}; countPage[key] = page + 1; drawTurn(turn); }, t("turn.more")));
        card.appendChild(counts);
      }
      var inside = el("ul", "", "inside"), slot = 0;
      turn.entries.forEach(function (entry) {
        if (entry.building !== b) return;
        inside.appendChild(el("li", names[entry.player] + ": " + t("turn.entry", { slot: ++slot, n: entry.cards })));
      });
      if (slot) card.appendChild(inside);
      row.appendChild(card);
    });
    $("pass").hidden = !mine || !turn.can_pass;
    $("pass").textContent = t("turn.pass");
    $("pass").onclick = function () { enterTurn(turn.step, null, 0); };
    var passed = turn.entries.filter(function (e) { return e.building === null; }).map(function (e) { return e.player; });
    $("passes").textContent = passed.length ? t("turn.passes", { players: listed(passed, names) }) : "";
  }
  /* The turn's cue: a vibration where the browser allows it, and a short beep if the player
     switched the sound on (remembered on this phone, off by default). WebAudio plays only
     once a tap has allowed it, so the switch's own tap (or any tap later) wakes it up. */
  var SOUND = "rattus.turn-sound", audio = null;
  function soundOn() { try { return localStorage.getItem(SOUND) === "1"; } catch (e) { return false; } }
  function wakeAudio() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context || !soundOn()) return null;
    if (!audio) { try { audio = new Context(); } catch (e) { return null; } }
    if (audio.state === "suspended" && audio.resume) audio.resume().catch(function () {});
    return audio;
  }
  function beep() {
    var ctx = wakeAudio();
    if (!ctx) return;
    var tone = ctx.createOscillator(), gain = ctx.createGain(), now = ctx.currentTime;
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.3, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.25);
    tone.connect(gain); gain.connect(ctx.destination);
    tone.start(now); tone.stop(now + 0.3);
  }
  function turnCue() {
    if (navigator.vibrate) { try { navigator.vibrate(200); } catch (e) { /* not allowed */ } }
    if (soundOn()) beep();
  }
  function switchSound() {
    try { localStorage.setItem(SOUND, $("sound").checked ? "1" : "0"); } catch (e) { /* private mode */ }
    if ($("sound").checked) beep();
  }

  /* The screen stays on while the game runs (Screen Wake Lock API). A browser that refuses
     (plain http on the Wi-Fi is no secure context) is said once, in a sentence. */
  var awake = null, awakeAsked = false, awakeTold = false;
  function keepAwake(running) {
    if (!running) { if (awake) { awake.release().catch(function () {}); awake = null; } return; }
    if (awake || awakeAsked || document.hidden) return;
    if (!window.isSecureContext || !navigator.wakeLock) return noWakeLock();
    awakeAsked = true;
    navigator.wakeLock.request("screen").then(function (lock) {
      awakeAsked = false; awake = lock;
      lock.addEventListener("release", function () { if (awake === lock) awake = null; });
    }, function () { awakeAsked = false; noWakeLock(); });
  }
  function noWakeLock() {
    if (awakeTold) return;
    awakeTold = true;
    $("awake-note").hidden = false;
  }

  /* What the latest undo or redo did, in the words the server picked for this phone
     (`line` around the `step`: "You took back your entry…" on the player's own phone). */
  function undoneText(undone) {
    var building = undone.building ? placeName(undone) : "";
    var step = t(undone.step, { player: undone.player, building: building });
    return t(undone.line, { player: undone.by, step: step, building: building });
  }
  /* The player's own last input (an entry or Pass, a reveal, a choice), while nothing came
     after it: one tap takes it back. And on every phone, what the latest undo or redo took
     back or put back, until the next step. */
  function drawTakeBack(payload) {
    var own = payload.own_step, undone = payload.undone;
    $("take-back").hidden = !own || !!payload.entered_at_table;
    if (own) {
      /* Under the box of the step it takes back: the turn, the reveals or the choice. */
      var box = $({ reveal: "reveals", choice: "choice", discard: "choice" }[own.kind] || "turn");
      if (box.nextElementSibling !== $("take-back")) box.parentNode.insertBefore($("take-back"), box.nextElementSibling);
      $("take-back").textContent = t("own." + own.kind, { building: own.building ? placeName(own) : "" });
      $("take-back").onclick = function () { send("entry/undo", { round: own.round, turn: own.turn, at: own.at }, true); };
    }
    $("undone").hidden = !undone;
    if (undone) $("undone").textContent = undoneText(undone);
  }

  function button(text, action, label) {
    var b = el("button", text); b.type = "button"; b.onclick = action;
    if (label) b.setAttribute("aria-label", label);
    return b;
  }
  function count(turn, b, n) {
    var it = button(String(n), function () { enterTurn(turn.step, b, n); });
    it.setAttribute("data-count", n);
    return it;
  }
  /* A choice at a building (R-SPECIAL-1/2: the winner of a tie for fewest Swords or Flutes
     names a player; R-ROUND-D b: a Hospital's taker says how many hand cards they discard):
     on the chooser's phone one button per option, one tap; on every other phone who is still
     choosing. A refused choice says why and draws the step the table is at now. A seat the
     table enters for (`atTable`) sees the question, with no buttons. */
  function drawChoice(choice, atTable) {
    var box = $("choice"), options = $("choice-options");
    box.hidden = !choice; options.textContent = "";
    if (!choice) return;
    $("choice-table").hidden = !(choice.yours && atTable);
    var names = choice.names, building = placeName(choice);
    box.className = choice.yours ? "mine" : "";
    $("choice-who").textContent = choice.yours ? t("choice.title") : "";
    $("choice-who").hidden = !choice.yours;
    if (!choice.yours) {
      $("choice-ask").textContent = t("choice.waiting", { players: listed(choice.choosers, names), building: building });
      return;
    }
    $("choice-ask").textContent = t("choice." + choice.kind, { building: building });
    if (atTable) return;
    options.className = choice.kind === "hospital" ? "counts" : "counts names";
    choice.options.forEach(function (option) {
      var it = button(choice.kind === "hospital" ? String(option) : names[option], function () {
        send("choice", { step: choice.step, option: option }, true);
      });
      it.setAttribute("data-option", option);
      options.appendChild(it);
    });
  }

  /* A first game's teaching card, when a rule's lesson reached this player (the one who
     first meets it): its words in the page's language, once; "Got it" puts it away here. */
  function drawLesson(lesson) {
    var box = $("lesson"), lines = $("lesson-lines");
    box.hidden = !lesson; lines.textContent = "";
    if (!lesson) return;
    var words = lesson.words[document.documentElement.lang] || lesson.words.en;
    $("lesson-title").textContent = words.title;
    words.lines.forEach(function (line) { lines.appendChild(el("p", line)); });
    $("lesson-got-it").onclick = function () { send("lesson", { key: lesson.key }); };
  }

  /* A refused entry (the table or another screen was first, it is not this player's turn)
     says why and draws the step the table is at now. */
  function enterTurn(step, building, cards) {
    send("entry", { step: step, building: building, cards: cards }, true);
  }

  /* The end of the game: the player types their hand, special cards and VP markers. The
     fields are drawn from the values recorded (`seen`, sent back with the values): a change
     elsewhere redraws them unless the player has typed, and then the table refuses a send
     drawn from values that are no longer the recorded ones and the fields show those. A seat
     the table enters for (`atTable`) types nothing here: the page says so, with no fields. */
  function drawEnd(end, atTable) {
    $("endvals").hidden = !end;
    if (!end) { endDrawn = null; endTyped = false; return; }
    $("ev-table").hidden = !atTable;
    $("ev-hint").hidden = $("ev-fields").hidden = $("ev-send").hidden = !!atTable;
    $("ev-by").textContent = end.by && !atTable ? t("ev.by_" + end.by) : "";
    if (atTable) { endDrawn = null; endTyped = false; return; }
    var key = JSON.stringify([end.fields, end.entered]);
    if (endDrawn && (endDrawn.key === key || endTyped)) return;
    endDrawn = { key: key, seen: end.entered, fields: end.fields, most: end.most };
    var list = $("ev-fields"); list.textContent = "";
    end.fields.forEach(function (field) {
      var label = el("label"), input = el("input");
      label.appendChild(el("span", t("ev." + field)));
      input.type = "number"; input.inputMode = "numeric"; input.min = 0; input.max = end.most[field];
      input.id = "ev-" + field; input.placeholder = "0";
      input.value = end.entered ? end.entered[field] : "";
      input.addEventListener("input", function () { endTyped = true; });
      label.appendChild(input); list.appendChild(label);
    });
  }
  function sendEnd() {
    var drawn = endDrawn, values = {};
    if (!drawn) return;
    for (var i = 0; i < drawn.fields.length; i++) {
      var field = drawn.fields[i], input = $("ev-" + field), raw = input.value.trim();
      if (input.validity.badInput || !/^[0-9]*$/.test(raw) || Number(raw) > drawn.most[field]) {
        input.focus();
        return say(t("ev.bad", { field: t("ev." + field), most: drawn.most[field] }), true);
      }
      values[field] = raw ? Number(raw) : 0;
    }
    send("end", { seen: drawn.seen, values: values }, true).then(function (taken) {
      var now = current && current.end;
      if (!taken && now && JSON.stringify(now.entered) === JSON.stringify(drawn.seen)) return;
      endDrawn = null; endTyped = false; drawEnd(now);
    });
  }

  /* Phase D: the building under way and whom it waits for. A player with cards there
     reveals as on the table: their Jokers, Swords and Flutes first (none: nothing to tap),
     then one tap on how many population cards are of the building's class, the rest of
     another (1 rat each), which sends the reveal. It counts at once, or as soon as the slots
     before theirs have revealed (the table records reveals in slot order). A seat the table
     enters for (`atTable`) sees the building and whom it waits for, with no buttons. */
  var revealKey = "", revealDraft = {};
  function drawReveal(reveal, me, atTable) {
    var box = $("reveals"), kinds = $("reveals-kinds"), counts = $("reveals-matching");
    box.hidden = !reveal; kinds.textContent = ""; counts.textContent = "";
    if (!reveal) { revealKey = ""; return; }
    var key = JSON.stringify(reveal.step), mine = null;
    if (key !== revealKey) { revealKey = key; revealDraft = { jokers: 0, swords: 0, flutes: 0 }; }
    reveal.entrants.forEach(function (e) { if (e.player === me) mine = e; });
    var declared = reveal.declared, d = revealDraft, asked = reveal.yours && !atTable;
    box.className = reveal.yours ? "mine" : "";
    $("reveals-title").textContent = t("reveal.title", { building: placeName(reveal) });
    $("reveals-mine").textContent = reveal.yours ? t("reveal.count", { n: declared })
      : !declared ? t("reveal.none") : mine && mine.held ? t("reveal.held") : t("reveal.done");
    $("reveals-table").hidden = !(reveal.yours && atTable);
    $("reveals-ask").hidden = !asked;
    if (asked) {
      var special = d.jokers + d.swords + d.flutes, population = declared - special;
      ["jokers"].concat(reveal.specials.map(function (s) { return s + "s"; })).forEach(function (kind) {
        var row = el("div", "", "kind");
        row.setAttribute("data-kind", kind);
        row.appendChild(el("span", t("reveal." + kind)));
        for (var n = 0; n <= Math.min(declared, 6); n++) {
          (function (n) {
            var b = button(String(n), function () { d[kind] = n; drawReveal(reveal, me, atTable); });
            b.disabled = special - d[kind] + n > declared;
            if (d[kind] === n) b.className = "on";
            row.appendChild(b);
          })(n);
        }
        kinds.appendChild(row);
      });
      $("reveals-ask").textContent = t("reveal.matching", { estate: t("s." + reveal.estate) });
      for (var m = 0; m <= population; m++) {
        (function (m) {
          var b = button(String(m), function () {
            send("reveal", { step: reveal.step, matching: m, other: population - m,
              jokers: d.jokers, swords: d.swords, flutes: d.flutes }, true);
          });
          b.setAttribute("data-matching", m);
          counts.appendChild(b);
        })(m);
      }
    }
    $("reveals-waiting").textContent = reveal.waiting.length ? t("reveal.waiting", { players: listed(reveal.waiting, reveal.names) }) : t("reveal.all");
  }

  /* Settles with whether the table took it: a refusal is said on the status line (`fresh`:
     and a refused entry draws the step the table is at now). */
  function send(path, body, fresh) {
    var buttons = document.querySelectorAll("#ledger button");
    Array.prototype.forEach.call(buttons, function (b) { b.disabled = true; });
    say("");
    return call("POST", path, body || {}).then(function (payload) { render(payload); return true; },
      function (error) {
        refused(error);
        if (fresh && error.status === 409) return call("GET", "state").then(render, function () {}).then(function () { return false; });
        return false;
      }).then(function (taken) {
      Array.prototype.forEach.call(buttons, function (b) { b.disabled = false; });
      if (current) $("confirm").disabled = !!current.view.rats_confirmed;
      return taken;
    });
  }

  var ready = new Promise(function (resolve) {
    if (document.readyState !== "loading") resolve();
    else document.addEventListener("DOMContentLoaded", function () { resolve(); });
  });
  function whenReady(handle) { return function (event) { ready.then(function () { handle(event); }); }; }

  var on = {
    state: function (data) { online(); render(JSON.parse(data)); mark("live"); heard(); },
    beat: function (data) { answer(JSON.parse(data)); },
    released: function () { unpaired("unknown_device"); },
    /* The table's server is stopping: show it at once; the stream comes back with the server. */
    stopping: function () { offline(); }
  };
  function online() {
    retry = 0; $("link").hidden = false; $("link").className = ""; $("link").textContent = t("live");
    if ($("status").hasAttribute("data-link")) say("");
  }
  function offline() { $("link").hidden = false; $("link").className = "off"; $("link").textContent = t("offline"); }

  function connect() {
    if (source) source.close();
    var stream = source = new EventSource(API + "events");
    stream.addEventListener("open", whenReady(online));
    stream.addEventListener("state", whenReady(function (event) { on.state(event.data); }));
    stream.addEventListener("released", whenReady(on.released));
    stream.addEventListener("stopping", whenReady(on.stopping));
    stream.addEventListener("beat", whenReady(function (event) { on.beat(event.data); }));
    stream.addEventListener("error", whenReady(function () {
      if (source !== stream) return;
      offline();
      if (stream.readyState === 2) { source = null; check(); }
    }));
  }

  /* The claim's own answer is the live stream (one round trip for seat, ledger and updates);
     read here like an EventSource. When it ends, reconnect the usual way. */
  function follow(response, controller) {
    var reader = response.body.getReader(), decoder = new TextDecoder(), buffer = "";
    var stream = { readyState: 1, close: function () { stream.readyState = 2; controller.abort(); } };
    if (source) source.close();
    source = stream;
    online();
    function dispatch(block) {
      var kind = "message", data = "";
      block.split("\n").forEach(function (line) {
        if (line.indexOf("event: ") === 0) kind = line.slice(7);
        else if (line.indexOf("data: ") === 0) data += line.slice(6);
      });
      if (data && on[kind]) on[kind](data);
    }
    function pump() {
      return reader.read().then(function (chunk) {
        if (chunk.done) throw new Error("closed");
        var blocks = (buffer + decoder.decode(chunk.value, { stream: true })).split("\n\n");
        buffer = blocks.pop();
        blocks.forEach(dispatch);
        return pump();
      });
    }
    pump().catch(function () {
      if (source !== stream) return;
      source = null; offline(); check();
    });
  }

  /* The heartbeat (companion/phones/liveness.py). The stream beats every few seconds, naming
     itself and how long the table waits for an answer (`within`, in seconds). The phone
     answers every beat, so the table waits for it only while it is really there. A stream
     that stays quiet that long is taken for dead (a Wi-Fi that went closes nothing): the
     page asks for the state afresh and opens a new stream, so the turn is back where it was. */
  var within = 0, quietTimer = 0;
  function answer(beat) {
    within = beat.within;
    call("POST", "beat", { stream: beat.stream }).catch(function () {});
    heard();
  }
  function heard() {
    var stream = source;
    clearTimeout(quietTimer);
    if (!within || !stream) return;
    quietTimer = setTimeout(function () {
      if (source !== stream || stream.readyState === 2) return;
      source = null; stream.close(); offline(); check();
    }, within * 1000);
  }

  /* A stream the server closed for good: ask once why (a 401 means the seat is gone). */
  function check() {
    clearTimeout(checkTimer);
    if (checking) return;
    checking = true;
    call("GET", "state").then(function (payload) {
      checking = false;
      /* The table answered: the message goes; the badge turns "live" when the stream opens. */
      if ($("status").hasAttribute("data-link")) say("");
      render(payload); connect();
    }, function (error) {
      checking = false;
      if (error.status === 401) return unpaired(error.code);
      unreachable(error.code);
      checkTimer = setTimeout(check, Math.min(15000, 1000 * Math.pow(2, retry++)));
    });
  }

  function paired(payload) {
    history.replaceState(null, "", "/phone/");
    connect();
    render(payload);
  }

  function rejoin(code) {
    /* Scanned twice with the seat already on this phone: carry on. */
    call("GET", "state").then(paired, function () { unpaired(code); });
  }

  /* Claims the seat at once, while the rest of the page is still being parsed and painted:
     the round trip overlaps the rendering. Settles with what to do once the page is ready. */
  function claim(token) {
    var streaming = window.ReadableStream && window.TextDecoder && window.AbortController;
    function failed(code) { return { error: code || "network" }; }
    if (!streaming) {
      return call("POST", "join", { token: token }).then(function (payload) { return { payload: payload }; },
        function (error) { return failed(error.code); });
    }
    var controller = new AbortController();
    return fetch(API + "join", {
      method: "POST", credentials: "same-origin", cache: "no-store", signal: controller.signal,
      headers: { "Content-Type": "application/json", "Accept": "text/event-stream" },
      body: JSON.stringify({ token: token })
    }).then(function (response) {
      if (response.ok && response.body) return { response: response, controller: controller };
      return response.json().then(function (data) { return failed(data.error); }, function () { return failed(); });
    }, function () { return failed(); });
  }

  function joined(result) {
    joining = null;
    if (result.error) return rejoin(result.error);
    if (result.payload) return paired(result.payload);
    history.replaceState(null, "", "/phone/");
    follow(result.response, result.controller);
  }

  function reveal(ms) {
    clearTimeout(hideTimer);
    $("reveal").classList.add("shown");
    if (ms) hideTimer = setTimeout(hide, ms);
  }
  function hide() { clearTimeout(hideTimer); $("reveal").classList.remove("shown"); }

  function wire() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-t]"), function (node) {
      node.textContent = t(node.getAttribute("data-t"));
    });
    var button = $("reveal");
    button.addEventListener("pointerdown", function () { pointerUsed = true; pressedAt = Date.now(); reveal(0); });
    function release() {
      if (!pressedAt) return;
      var short = Date.now() - pressedAt < 400;
      pressedAt = 0;
      if (short) reveal(3000); else hide();
    }
    button.addEventListener("pointerup", release);
    button.addEventListener("pointercancel", release);
    button.addEventListener("pointerleave", release);
    button.addEventListener("contextmenu", function (event) { event.preventDefault(); });
    button.addEventListener("click", function () { if (!pointerUsed) reveal(3000); pointerUsed = false; });
    $("sound").checked = soundOn();
    $("sound").addEventListener("change", switchSound);
    $("awake-note").addEventListener("click", function () { $("awake-note").hidden = true; });
    document.addEventListener("pointerdown", wakeAudio);
    document.addEventListener("visibilitychange", function () {
      if (document.hidden) return hide();
      if (current) keepAwake(!(current.view.result || current.view.scored));
      if (!joining && (!source || source.readyState === 2)) check();
    });

    Array.prototype.forEach.call(document.querySelectorAll("[data-reason]"), function (b) {
      b.addEventListener("click", function () {
        var amount = parseInt($("amount").value, 10);
        if (!(amount >= 1 && amount <= 20)) return say(t("e.bad_value"), true);
        /* Each log starts afresh from the default (one rat): a number kept from the last
           one was logged again unnoticed. A refused one keeps what was typed, to fix it. */
        send("rats", { delta: amount * parseInt(b.getAttribute("data-sign"), 10), reason: b.getAttribute("data-reason") })
          .then(function (taken) { if (taken) $("amount").value = $("amount").defaultValue; });
      });
    });
    $("note").addEventListener("click", function () {
      send("nuns", { position: parseInt($("position").value, 10), nuns: parseInt($("nun-count").value, 10) });
    });
    $("undo").addEventListener("click", function () { send("undo"); });
    $("confirm").addEventListener("click", function () { send("confirm"); });
    $("ev-send").addEventListener("click", sendEnd);
    $("ask-fix").addEventListener("click", function () {
      var rats = parseInt($("fix-rats").value, 10);
      if (!(rats >= 0 && rats <= 200)) return say(t("e.bad_value"), true);
      send("correction", { rats: rats });
    });
  }

  /* The script runs from the page's head: a returning phone's stream, too, opens before the
     body is parsed; what comes back waits for the page to be ready. */
  if (!joining) connect();
  ready.then(function () {
    wire();
    if (joining) joining.then(joined);
  });
})();
