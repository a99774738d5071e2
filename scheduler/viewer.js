// The replay viewer: reads the embedded match data, draws each game's board in SVG, and
// keeps the timeline, the event log and the view in step. Every text that comes from a bot
// or the engine is written with textContent or an attribute, never parsed as markup.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"];
  var DISC = {YELLOW: "#f2c200", BLUE: "#2b6fd6", RED: "#d23b2b"};

  function h(tag, attrs, text) {
    var node = document.createElement(tag);
    setAll(node, attrs, text);
    return node;
  }
  function s(tag, attrs, text) {
    var node = document.createElementNS(SVG, tag);
    setAll(node, attrs, text);
    return node;
  }
  function setAll(node, attrs, text) {
    if (attrs) {
      Object.keys(attrs).forEach(function (key) {
        if (attrs[key] !== null && attrs[key] !== undefined) node.setAttribute(key, attrs[key]);
      });
    }
    if (text !== undefined && text !== null) node.textContent = String(text);
  }
  function add(parent, child) { parent.appendChild(child); return child; }
  function title(node, text) { add(node, s("title", null, text)); return node; }
  function svgRoot(width, height, game) {
    return s("svg", {xmlns: SVG, width: width, height: height, viewBox: "0 0 " + width + " " + height,
                     "class": "board " + game, role: "img"});
  }
  function label(parent, x, y, text, attrs) {
    var a = {x: x, y: y, "font-size": 11};
    Object.keys(attrs || {}).forEach(function (k) { a[k] = attrs[k]; });
    return add(parent, s("text", a, text));
  }
  function short(name, n) {
    name = String(name);
    return name.length > n ? name.slice(0, n - 1) + "\u2026" : name;
  }
  // A name in at most `most` lines of about n characters (the last takes the rest); a line
  // longer than n is squeezed into `width`, so that no name is cut short on the board.
  function wrap(text, n, most) {
    var lines = [], line = "";
    String(text).split(/\s+/).forEach(function (word) {
      if (line && (line + " " + word).length > n && lines.length < most - 1) { lines.push(line); line = word; }
      else line = line ? line + " " + word : word;
    });
    lines.push(line);
    return lines;
  }
  function textLines(parent, x, y, text, n, most, width, gap, attrs) {
    var node = label(parent, x, y, null, attrs);
    wrap(text, n, most).forEach(function (line, k) {
      var squeeze = line.length > n;
      add(node, s("tspan", {x: x, dy: k ? gap : null, textLength: squeeze ? width : null,
                            lengthAdjust: squeeze ? "spacingAndGlyphs" : null}, line));
    });
    return node;
  }
  function seatLabel(ctx, seat) { return ctx.seats[seat] + " (seat " + seat + ")"; }
  function pretty(name) { return String(name).toLowerCase().replace(/_/g, " "); }

  // -- Sector 41 ------------------------------------------------------------------------------
  var TILE_FILL = {ALIEN_ARTIFACT: "#c9a0dc", ASTEROID_BELT: "#a89f91", BARREN_PLANET: "#c8b28a",
    BLACK_HOLE: "#333", GLYNIUM_PLANET: "#9fd39f", ION_STORM: "#8fd0e8", MOTHER_SHIP_BEACON: "#f4d58d",
    NEBULA: "#e0b7e8", PULSAR: "#f7a8a8", REMOTE_VIEWPORT: "#b5c8f0", SALVAGE_EXPLORER: "#d9d9a0",
    SOLAR_FLARE: "#ffb366", SOLAR_TEMPEST: "#ff9966", SOLAR_WIND: "#ffe08a", SPACE_RIFT: "#9999cc",
    SPACIAL_DISTORTION: "#b3e6cc", STARBASE: "#a6c8ff", STAR_GATE: "#80b3ff", SUPER_NOVA: "#ff8080",
    TEMPORAL_ANOMALY: "#d1b3ff", VORTEX: "#99d6d6", WORM_HOLE: "#c2c2f0"};

  var DIRS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
  var STEP = {N: [0, -1], NE: [1, -1], E: [1, 0], SE: [1, 1], S: [0, 1], SW: [-1, 1], W: [-1, 0], NW: [-1, -1]};
  function arrow(parent, x, y, dir) {
    var d = STEP[dir], len = d[0] && d[1] ? 15 : 19, ex = x + d[0] * len, ey = y + d[1] * len;
    var g = add(parent, s("g", {"class": "arrow", "data-dir": dir, stroke: "#333", "stroke-width": 2,
                                fill: "none", opacity: 0.7}));
    add(g, s("line", {x1: x, y1: y, x2: ex, y2: ey}));
    var back = Math.atan2(-d[1], -d[0]);  // the head's two strokes, 35 degrees off the shaft
    [-0.6, 0.6].forEach(function (off) {
      add(g, s("line", {x1: ex, y1: ey, x2: ex + 6 * Math.cos(back + off), y2: ey + 6 * Math.sin(back + off)}));
    });
  }

  function drawSector41(obs, ctx) {
    var st = ctx.static, rows = st.rows, cols = st.cols, cell = 56, pad = 48;
    var width = pad * 2 + cols * cell + 230, height = Math.max(pad * 2 + rows * cell, 430);
    var svg = svgRoot(width, height, "sector41");
    var gx = function (c) { return pad + c * cell; }, gy = function (r) { return pad + r * cell; };
    var i, r, c;
    for (r = 0; r < rows; r++) {
      for (c = 0; c < cols; c++) {
        i = r * cols + c;
        var type = obs.tile_types[i], up = obs.face_up[i];
        var design = type >= 0 ? st.tile_types[type] : null;
        var g = add(svg, s("g", {"class": "cell", "data-cell": i}));
        var cls = "tile " + (up ? "up" : "down") + (!up && design ? " peeked" : "") +
          (obs.cleansed[i] ? " cleansed" : "");
        var fill = up && design ? (TILE_FILL[design.kind] || "#ddd") : "#4a4a5a";
        var rect = add(g, s("rect", {"class": cls, x: gx(c) + 1, y: gy(r) + 1, width: cell - 2,
          height: cell - 2, rx: 4, fill: fill, stroke: obs.cleansed[i] ? "#2a2" : "#222",
          "stroke-width": obs.cleansed[i] ? 3 : 1, "stroke-dasharray": !up && design ? "4 3" : null,
          "data-kind": design ? design.kind : "", "data-rotation": obs.rotations[i]}));
        title(rect, String.fromCharCode(65 + c) + (r + 1) + ": " +
          (design ? design.name + (up ? "" : " (face down, peeked)") + " - " + design.text : "face down"));
        if (design) {
          textLines(g, gx(c) + cell / 2, gy(r) + 11, design.name.replace(/_/g, " "), 11, 2, cell - 6, 8,
                    {"text-anchor": "middle", "font-size": 8, fill: up ? "#111" : "#eee", "class": "tile-name"});
          if (up && design.arrows.length && obs.rotations[i] >= 0) {
            // Its arrows (winds, flares, a pulsar's blasts) as they point on the board: the
            // printed ones turned by the tile's rotation, a quarter turn being two of eight.
            design.arrows.forEach(function (printed) {
              var dir = DIRS[(DIRS.indexOf(printed) + 2 * obs.rotations[i]) % 8];
              arrow(g, gx(c) + cell / 2, gy(r) + cell / 2 + 4, dir);
            });
          } else if (up && obs.rotations[i] >= 0) {  // the tile's rotation: a notch on its top side
            var cx = gx(c) + cell / 2, cy = gy(r) + cell / 2;
            add(g, s("path", {d: "M" + (cx - 5) + "," + (gy(r) + 6) + " l5,-4 l5,4 z", fill: "#222",
              transform: "rotate(" + (obs.rotations[i] * 90) + " " + cx + " " + cy + ")",
              "class": "rotation"}));
          }
        }
        var discs = [["yellow", "YELLOW"], ["blue", "BLUE"], ["red", "RED"]], k = 0;
        discs.forEach(function (d) {
          for (var n = 0; n < obs[d[0]][i]; n++, k++) {
            add(g, s("circle", {"class": "disc " + d[0], cx: gx(c) + 9 + 9 * k, cy: gy(r) + cell - 9,
              r: 4, fill: DISC[d[1]], stroke: "#000", "stroke-width": 0.5}));
          }
        });
      }
    }
    for (c = 0; c < cols; c++) label(svg, gx(c) + cell / 2, pad - 30, String.fromCharCode(65 + c), {"text-anchor": "middle", fill: "#888"});
    for (r = 0; r < rows; r++) label(svg, pad - 40, gy(r) + cell / 2 + 4, r + 1, {fill: "#888"});
    // Mother Ships on their edges, with the Explorers aboard.
    var aboard = {};
    obs.explorers.forEach(function (e) {
      if (e.location === "SHIP") aboard[e.seat] = (aboard[e.seat] || 0) + 1;
    });
    obs.players.forEach(function (p) {
      var x = gx(p.ship_col), y = gy(p.ship_row);
      var vertical = p.edge === "EAST" || p.edge === "WEST";
      var w = vertical ? 22 : cell - 6, hgt = vertical ? cell - 6 : 22;
      x += vertical ? (p.edge === "WEST" ? cell - 24 : 2) : 3;
      y += vertical ? 3 : (p.edge === "NORTH" ? cell - 24 : 2);
      var g = add(svg, s("g", {"class": "mothership", "data-seat": p.seat}));
      title(add(g, s("rect", {x: x, y: y, width: w, height: hgt, rx: 6, fill: COLORS[p.seat],
        stroke: "#000"})), "Mother Ship of " + seatLabel(ctx, p.seat) + " (" + pretty(p.edge) + " edge)");
      label(g, x + w / 2, y + hgt / 2 + 4, aboard[p.seat] || 0, {"text-anchor": "middle", fill: "#fff",
        "font-weight": "bold", "class": "aboard"});
    });
    // Explorers on tiles, each with the disc it tows.
    var here = {};
    obs.explorers.forEach(function (e) {
      if (e.location !== "BOARD" || e.row === null) return;
      var key = e.row * cols + e.col, n = here[key] = (here[key] || 0) + 1;
      var x = gx(e.col) + 12 + ((n - 1) % 3) * 16, y = gy(e.row) + 28 + Math.floor((n - 1) / 3) * 12;
      var circle = add(svg, s("circle", {"class": "explorer", "data-seat": e.seat, "data-towing": e.towing || "", cx: x, cy: y, r: 7,
        fill: COLORS[e.seat], stroke: e.towing ? DISC[e.towing] : "#000",
        "stroke-width": e.towing ? 3 : 1, opacity: e.trapped ? 0.5 : 1}));
      title(circle, "Explorer " + e.index + " of " + seatLabel(ctx, e.seat) +
        (e.towing ? ", towing " + pretty(e.towing) : "") + (e.trapped ? ", trapped" : "") +
        (e.shielded ? ", shielded" : "") + (obs.active_explorer === e.index && obs.current_seat === e.seat ? ", moving" : ""));
    });
    // The Guardian and its mode.
    if (obs.guardian_row >= 0) {
      var gxp = gx(obs.guardian_col) + cell - 14, gyp = gy(obs.guardian_row) + 26;
      var guardian = add(svg, s("path", {"class": "guardian", "data-mode": obs.guardian_mode,
        d: "M" + gxp + "," + (gyp - 11) + " l10,11 l-10,11 l-10,-11 z", fill: "#6a1b9a", stroke: "#fff"}));
      title(guardian, "the Guardian (" + pretty(obs.guardian_mode) + ")");
      label(svg, gxp, gyp + 4, obs.guardian_mode.charAt(0), {"text-anchor": "middle", fill: "#fff", "font-size": 10});
    }
    // Scores and the supply.
    var px = pad * 2 + cols * cell - 10, py = 30;
    label(svg, px, py, "turn " + obs.turn + " of " + obs.turn_limit + ", " + pretty(obs.phase) + " phase", {"font-weight": "bold"});
    label(svg, px, py += 18, "Guardian: " + pretty(obs.guardian_mode));
    obs.players.forEach(function (p) {
      py += 26;
      add(svg, s("circle", {cx: px + 6, cy: py - 4, r: 6, fill: COLORS[p.seat]}));
      label(svg, px + 18, py, short(ctx.seats[p.seat], 22) + (obs.current_seat === p.seat ? "  \u25c0" : ""), {"font-weight": "bold", "class": "seat-name"});
      label(svg, px + 18, py += 15, "score " + p.score + "  (yellow " + p.yellow + ", blue " + p.blue + ", red " + p.red + ")", {"class": "score", "data-seat": p.seat});
    });
    py += 28;
    label(svg, px, py, "supply: yellow " + obs.supply_yellow + ", blue " + obs.supply_blue + ", red " + obs.supply_red);
    label(svg, px, py += 16, "removed discs " + obs.removed_discs + ", points left " + obs.remaining_points);
    return svg;
  }

  // -- Race for the Galaxy ----------------------------------------------------------------------
  // The action cards as they are printed (and as the log names them).
  var ACTION_CARD = {EXPLORE_5: "Explore +5", EXPLORE_1_1: "Explore +1/+1", DEVELOP: "Develop",
    DEVELOP_2: "Develop (2nd)", SETTLE: "Settle", SETTLE_2: "Settle (2nd)", CONSUME_TRADE: "Consume: Trade",
    CONSUME_2X: "Consume: 2x VP", PRODUCE: "Produce"};
  function drawRace(obs, ctx) {
    var cards = ctx.static.cards, cw = 112, ch = 62, perRow = 8, width = 20 + perRow * (cw + 6);
    var y = 24, parts = [];
    var svg = svgRoot(width, 10, "race");
    label(svg, 10, y, "round " + obs.round + ", " + pretty(obs.phase) + " phase" +
      (obs.phases.length ? "; still to come this round: " + obs.phases.map(pretty).join(", ") : ""), {"font-weight": "bold", "class": "phases"});
    label(svg, 10, y += 18, "VP pool " + obs.vp_pool + ", deck " + obs.deck_count + ", discards " + obs.discard_count);
    function card(parent, x, yy, id, cls, good) {
      var c = cards[id], g = add(parent, s("g", {"class": cls, "data-card": id}));
      var world = c.kind.indexOf("WORLD") >= 0;
      title(add(g, s("rect", {x: x, y: yy, width: cw, height: ch, rx: 5,
        fill: world ? (c.military ? "#f6d0d0" : "#d6e6f6") : "#e6e6e6", stroke: "#555"})),
        c.name + " (cost " + c.cost + ", " + (c.vp < 0 ? "? VP" : c.vp + " VP") + ")" + (c.scoring ? "; " + c.scoring : "") + c.powers.map(function (p) { return "; " + p.text; }).join(""));
      textLines(g, x + 4, yy + 13, c.name, 18, 2, cw - 8, 11, {"font-size": 10, "font-weight": "bold", "class": "card-name"});
      label(g, x + 4, yy + 38, (world ? (c.military ? "military " : "") + "world" : "development") + ", cost " + c.cost, {"font-size": 9});
      // A negative VP is a 6-cost development's: worth its bonus at the end ("?" on the card).
      label(g, x + 4, yy + 51, (c.vp < 0 ? "? VP" : c.vp + " VP") + (c.good !== "NONE" ? ", " + pretty(c.good) : ""), {"font-size": 9, "class": "card-vp"});
      if (good) add(g, s("circle", {"class": "good", cx: x + cw - 12, cy: yy + ch - 14, r: 7, fill: "#7a4", stroke: "#000"}));
    }
    obs.players.forEach(function (p) {
      y += 30;
      add(svg, s("circle", {cx: 16, cy: y - 4, r: 6, fill: COLORS[p.seat]}));
      label(svg, 28, y, short(ctx.seats[p.seat], 30) + ": score " + p.score + ", VP chips " + p.vp_chips +
        ", hand " + p.hand_count + ", military " + p.military +
        (p.actions.length ? ", chose " + p.actions.map(function (a) { return ACTION_CARD[a] || pretty(a); }).join(" + ") : ""), {"font-weight": "bold", "class": "seat-line", "data-seat": p.seat});
      var tableau = add(svg, s("g", {"class": "tableau", "data-seat": p.seat}));
      p.tableau.forEach(function (t, n) {
        if (n % perRow === 0) y += 8 + (n ? ch : 0);
        card(tableau, 10 + (n % perRow) * (cw + 6), y, t.card, "card tableau-card", t.good);
      });
      tableau.setAttribute("data-count", p.tableau.length);
      y += ch + 6;
    });
    if (obs.seat >= 0 && (obs.hand.length || obs.explore_cards.length)) {
      y += 22;
      label(svg, 10, y, "hand of " + seatLabel(ctx, obs.seat) + " (" + obs.hand.length + ")", {"font-weight": "bold"});
      obs.hand.forEach(function (id, n) {
        if (n % perRow === 0) y += 8 + (n ? ch : 0);
        card(svg, 10 + (n % perRow) * (cw + 6), y, id, "card hand", false);
      });
      y += ch;
      if (obs.explore_cards.length) {
        y += 22;
        label(svg, 10, y, "explored, to keep or discard", {"font-weight": "bold"});
        obs.explore_cards.forEach(function (id, n) { card(svg, 10 + n * (cw + 6), y + 8, id, "card explored", false); });
        y += ch + 8;
      }
    }
    svg.setAttribute("height", y + 16);
    svg.setAttribute("viewBox", "0 0 " + width + " " + (y + 16));
    return svg;
  }

  // -- Sol: Last Days of a Star -----------------------------------------------------------------
  var RINGS = ["CORE", "RADIATIVE", "CONVECTIVE", "INNER", "OUTER"];
  function drawSol(obs, ctx) {
    var board = ctx.static.boards.filter(function (b) { return b.side === obs.side; })[0];
    var size = 640, cx = 320, cy = 320, step = 56, width = size + 260;
    var svg = svgRoot(width, size, "sol");
    var counts = {}, pos = {};
    board.spaces.forEach(function (sp) { counts[sp.ring] = (counts[sp.ring] || 0) + 1; });
    board.spaces.forEach(function (sp) {
      var ring = RINGS.indexOf(sp.ring), radius = 36 + ring * step;
      var angle = -Math.PI / 2 + 2 * Math.PI * (sp.column + 0.5) / counts[sp.ring];
      pos[sp.space] = [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle), sp];
    });
    RINGS.forEach(function (ring, n) {
      add(svg, s("circle", {cx: cx, cy: cy, r: 36 + n * step, fill: "none", stroke: "#f0c070", "stroke-width": 20, opacity: 0.35 - n * 0.05}));
    });
    add(svg, s("circle", {cx: cx, cy: cy, r: 14, fill: "#ffb000"}));
    var gateEdge = {};
    board.edges.forEach(function (e) {
      var a = pos[e.a], b = pos[e.b];
      add(svg, s("line", {x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#ddd"}));
      if (e.gate !== null) gateEdge[e.gate] = e;
    });
    var owners = {};
    obs.gates.forEach(function (g) { owners[g.gate] = g.owner; });
    Object.keys(gateEdge).forEach(function (id) {
      var e = gateEdge[id], a = pos[e.a], b = pos[e.b], owned = id in owners;
      var mark = add(svg, s("rect", {"class": owned ? "gate owned" : "gate", "data-gate": id,
        "data-seat": owned ? owners[id] : null, x: (a[0] + b[0]) / 2 - 4, y: (a[1] + b[1]) / 2 - 4,
        width: 8, height: 8, fill: owned ? COLORS[owners[id]] : "#fff", stroke: owned ? "#000" : "#ccc"}));
      if (owned) title(mark, "gate of " + seatLabel(ctx, owners[id]));
    });
    var launch = {};
    obs.players.forEach(function (p) { p.launch_spaces.forEach(function (sp) { launch[sp] = p.seat; }); });
    var state = {};
    obs.spaces.forEach(function (sp) { state[sp.space] = sp; });
    board.spaces.forEach(function (sp) {
      var p = pos[sp.space], g = add(svg, s("g", {"class": "space", "data-space": sp.space, "data-name": sp.name}));
      var circle = add(g, s("circle", {cx: p[0], cy: p[1], r: 15, fill: "#fffaf0",
        stroke: sp.space in launch ? COLORS[launch[sp.space]] : "#c9a35c", "stroke-width": sp.space in launch ? 2.5 : 1}));
      title(circle, sp.name + " (" + pretty(sp.ring) + ")" + (sp.space in launch ? ", a launch space of " + seatLabel(ctx, launch[sp.space]) : ""));
      var here = state[sp.space], station = here && here.station !== null;
      // Its name, as the log gives it ("Fly O5 -> O6"); above a station.
      label(g, p[0], station ? p[1] - 10 : p[1] + 3, sp.name, {"text-anchor": "middle", "font-size": station ? 6.5 : 8,
        fill: "#6b4f1d", "class": "space-name"});
      if (!here) return;
      if (here.station !== null) {
        var st = add(g, s("rect", {"class": "station", "data-seat": here.station_owner, "data-kind": here.station,
          x: p[0] - 9, y: p[1] - 9, width: 18, height: 18, fill: COLORS[here.station_owner], stroke: "#000"}));
        title(st, pretty(here.station) + " of " + seatLabel(ctx, here.station_owner));
        label(g, p[0], p[1] + 4, here.station.charAt(0), {"text-anchor": "middle", fill: "#fff", "font-size": 10});
      }
      here.sundivers.forEach(function (n, seat) {
        if (!n) return;
        var x = p[0] - 12 + seat * 10, y = p[1] + 17;
        var d = add(g, s("circle", {"class": "sundivers", "data-seat": seat, "data-count": n, cx: x, cy: y, r: 6,
          fill: COLORS[seat], stroke: "#000", "stroke-width": 0.5}));
        title(d, n + " sundiver(s) of " + seatLabel(ctx, seat) + " on " + sp.name);
        label(g, x, y + 3.5, n, {"text-anchor": "middle", fill: "#fff", "font-size": 9});
      });
    });
    // The motherships, on their orbit around the outer ring.
    obs.players.forEach(function (p) {
      var angle = -Math.PI / 2 + 2 * Math.PI * (p.eye + 0.5) / board.orbit, radius = 36 + 5 * step - 8;
      var x = cx + radius * Math.cos(angle), y = cy + radius * Math.sin(angle);
      var ship = add(svg, s("path", {"class": "mothership", "data-seat": p.seat, "data-eye": p.eye,
        d: "M" + (x - 11) + "," + (y + 8) + " l11,-18 l11,18 z", fill: COLORS[p.seat], stroke: "#000"}));
      title(ship, "mothership of " + seatLabel(ctx, p.seat) + ", holding " + p.hold_sundivers + " sundivers");
    });
    var px = size + 10, py = 24;
    label(svg, px, py, "turn " + obs.turn + ", " + pretty(obs.stage), {"font-weight": "bold"});
    label(svg, px, py += 18, "instability " + obs.instability + ", flares drawn " + obs.flares_drawn, {"class": "instability"});
    label(svg, px, py += 16, "deck " + obs.deck_size + (obs.drawn.length ? ", drawn: " + obs.drawn.map(pretty).join(", ") : ""));
    obs.suit_effects.forEach(function (e) { label(svg, px, py += 14, pretty(e.suit) + ": " + pretty(e.effect), {"font-size": 10}); });
    obs.players.forEach(function (p) {
      py += 26;
      add(svg, s("circle", {cx: px + 6, cy: py - 4, r: 6, fill: COLORS[p.seat]}));
      label(svg, px + 18, py, short(ctx.seats[p.seat], 24) + (obs.current_seat === p.seat ? "  \u25c0" : ""), {"font-weight": "bold"});
      label(svg, px + 18, py += 15, "energy " + p.energy + ", momentum " + p.momentum + ", moves " + p.movement, {"class": "energy", "data-seat": p.seat});
      label(svg, px + 18, py += 14, "hold " + p.hold_sundivers + ", reserve " + p.reserve_sundivers + ", vaporised " + p.vaporised_sundivers);
      label(svg, px + 18, py += 14, "left: " + p.reserve_gates + " gates, " + p.reserve_nodes + " nodes, " + p.reserve_foundries + " foundries, " + p.reserve_towers + " towers", {"font-size": 10});
      label(svg, px + 18, py += 14, "held card: " + (p.held_suit === null ? "none" : pretty(p.held_suit)), {"class": "held"});
    });
    return svg;
  }

  // -- Tiny Epic Galaxies -----------------------------------------------------------------------
  function drawGalaxies(obs, ctx) {
    var st = ctx.static, planets = st.planets, pw = 150, ph = 150, width = Math.max(20 + obs.planet_row.length * (pw + 10), 820);
    var svg = svgRoot(width, 10, "galaxies"), y = 22;
    label(svg, 10, y, "turn " + obs.turn + ", " + seatLabel(ctx, obs.current_seat) + " to play (" + obs.decision + ")" +
      (obs.end_triggered ? "; the end is triggered" : ""), {"font-weight": "bold"});
    // The dice rolled and the activation bay.
    y += 14;
    obs.dice.forEach(function (face, n) {
      var g = add(svg, s("g", {"class": "die", "data-face": face}));
      add(g, s("rect", {x: 10 + n * 44, y: y, width: 38, height: 38, rx: 6, fill: "#fff", stroke: "#333"}));
      label(g, 29 + n * 44, y + 23, face.slice(0, 4), {"text-anchor": "middle", "font-size": 9});
    });
    var bx = 30 + Math.max(obs.dice.length, 1) * 44;
    label(svg, bx, y + 12, "activated:", {"font-size": 10});
    obs.activated.forEach(function (face, n) {
      var g = add(svg, s("g", {"class": "die activated", "data-face": face}));
      add(g, s("rect", {x: bx + 60 + n * 44, y: y, width: 38, height: 38, rx: 6, fill: "#eee", stroke: "#999"}));
      label(g, bx + 79 + n * 44, y + 23, face.slice(0, 4), {"text-anchor": "middle", "font-size": 9});
    });
    y += 56;
    // The planet row: each planet's track with the ships on it, and ships on its surface.
    var onPlanet = {};
    obs.players.forEach(function (p) {
      p.ships.forEach(function (sh) {
        if (sh.planet === null || sh.planet === undefined) return;
        (onPlanet[sh.planet] = onPlanet[sh.planet] || []).push([p.seat, sh]);
      });
    });
    obs.planet_row.forEach(function (id, n) {
      var pl = planets[id], x = 10 + n * (pw + 10), g = add(svg, s("g", {"class": "planet", "data-planet": id}));
      title(add(g, s("rect", {x: x, y: y, width: pw, height: ph, rx: 8, fill: pl.resource === "ENERGY" ? "#fdf1d6" : "#ece0f7", stroke: "#555"})),
        pl.name + ": " + pl.vp + " VP, " + pretty(pl.track) + " track of " + pl.advances + "; " + pl.text);
      label(g, x + 6, y + 15, short(pl.name, 20), {"font-weight": "bold", "class": "planet-name"});
      label(g, x + 6, y + 29, pl.vp + " VP, " + pretty(pl.resource) + ", " + pretty(pl.track), {"font-size": 9});
      var slot = Math.min(24, (pw - 16) / (pl.advances + 1));
      for (var k = 0; k <= pl.advances; k++) {
        add(g, s("rect", {x: x + 8 + k * slot, y: y + 40, width: slot - 4, height: 20, fill: k === pl.advances ? "#cfc" : "#fff", stroke: "#999"}));
      }
      var surface = 0, atPlace = {};
      (onPlanet[id] || []).forEach(function (entry) {
        var seat = entry[0], sh = entry[1], cxp, cyp;
        if (sh.location === "ORBIT") {
          // Ships at one place of the track stacked down it, each still in sight.
          var k = atPlace[sh.position || 0] = (atPlace[sh.position || 0] || 0) + 1;
          cxp = x + 6 + slot / 2 + (sh.position || 0) * slot; cyp = y + 46 + (k - 1) * 9;
        } else {
          cxp = x + 14 + (surface % 6) * 22; cyp = y + 84 + Math.floor(surface / 6) * 22; surface++;
        }
        var ship = add(g, s("circle", {"class": "ship " + pretty(sh.location), "data-seat": seat, "data-planet": id,
          cx: cxp, cy: cyp, r: 7, fill: COLORS[seat], stroke: "#000"}));
        title(ship, "ship " + sh.index + " of " + seatLabel(ctx, seat) + (sh.location === "ORBIT" ? " on the track, at " + sh.position : " on the surface") +
          (sh.ship_type !== "REGULAR" ? " (" + pretty(sh.ship_type) + ")" : ""));
      });
      textLines(g, x + 6, y + ph - 18, pl.text, 34, 2, pw - 12, 10, {"font-size": 8, fill: "#555", "class": "planet-text"});
    });
    y += ph + 10;
    label(svg, 10, y += 6, "planet deck " + obs.planet_deck_size + ", exploration deck " + obs.exploration_deck_size +
      (obs.expansion ? ", pilots: " + obs.pilot_row.map(function (p) { return st.pilots[p] ? st.pilots[p].name : p; }).join(", ") : ""), {"font-size": 10});
    // Each seat's galaxy.
    obs.players.forEach(function (p) {
      y += 26;
      var g = add(svg, s("g", {"class": "galaxy", "data-seat": p.seat}));
      add(g, s("circle", {cx: 16, cy: y - 4, r: 6, fill: COLORS[p.seat]}));
      label(g, 28, y, short(ctx.seats[p.seat], 26) + (obs.current_seat === p.seat ? " \u25c0" : "") + ": " + p.vp + " VP, empire level " +
        p.empire_level + ", energy " + p.energy + ", culture " + p.culture, {"font-weight": "bold", "class": "galaxy-line"});
      var home = p.ships.filter(function (sh) { return sh.location === "GALAXY"; }).length;
      var locked = p.ships.filter(function (sh) { return sh.location === "LOCKED"; }).length;
      label(g, 28, y += 15, "ships at home " + home + ", locked " + locked + "; colonies: " +
        (p.colonies.length ? p.colonies.map(function (c) { return planets[c] ? planets[c].name : c; }).join(", ") : "none"), {"font-size": 10, "class": "colonies", "data-count": p.colonies.length});
      if (p.hangar.length || p.exploration_cards.length) {
        label(g, 28, y += 14, (p.hangar.length ? "hangar: " + p.hangar.map(function (slot) {
          return pretty(slot.ship_type) + (slot.pilots.length ? " (" + slot.pilots.map(function (id) { return st.pilots[id] ? st.pilots[id].name : id; }).join(", ") + ")" : "");
        }).join("; ") : "") + (p.exploration_cards.length ? "  exploration: " + p.exploration_cards.map(function (id) {
          return st.exploration_cards[id] ? st.exploration_cards[id].name : id; }).join(", ") : ""), {"font-size": 10});
      }
      if (obs.your_seat === p.seat && obs.your_mission !== null) {
        var m = st.missions[obs.your_mission];
        label(g, 28, y += 14, "secret mission: " + (m ? m.name + " (" + m.text + ")" : obs.your_mission), {"font-size": 10, "class": "mission", "data-mission": obs.your_mission});
      }
    });
    if (obs.your_seat !== null && obs.mission_offer.length) {
      label(svg, 10, y += 22, "missions offered: " + obs.mission_offer.map(function (id) { return st.missions[id] ? st.missions[id].name : id; }).join(", "), {"font-size": 10, "class": "mission-offer"});
    }
    svg.setAttribute("height", y + 16);
    svg.setAttribute("viewBox", "0 0 " + width + " " + (y + 16));
    return svg;
  }

  // A game the viewer has no board for: its observation as text.
  function drawText(obs) {
    return h("pre", {"class": "state"}, JSON.stringify(obs, null, 1));
  }

  var BOARDS = {sector41: drawSector41, race: drawRace, sol: drawSol, galaxies: drawGalaxies};

  // -- the viewer -------------------------------------------------------------------------------
  function Viewer(root, data, liveUrl) {
    this.root = root;
    this.record = data.record;
    this.static = data.static;
    this.frames = {};   // view -> full frames by step
    this.order = [];
    this.step = 0;
    this.view = "public";
    this.timer = null;
    // Known before the first drawing, so that a live page never reads "unfinished".
    this.live = liveUrl ? {url: liveUrl, delay: 0} : null;
    this.addSteps(data.steps);
    if (!this.frames.public) { this.frames.public = []; this.order.push("public"); }
    this.build();
  }

  Viewer.prototype.addSteps = function (steps) {
    var self = this;
    steps.forEach(function (deltas) {
      Object.keys(deltas).forEach(function (view) {
        var frames = self.frames[view];
        if (!frames) { frames = self.frames[view] = []; self.order.push(view); }
        frames.push(Object.assign({}, frames.length ? frames[frames.length - 1] : {}, deltas[view]));
      });
    });
  };

  Viewer.prototype.count = function () { return this.frames.public ? this.frames.public.length : 0; };
  Viewer.prototype.last = function () { return Math.max(0, this.count() - 1); };

  Viewer.prototype.viewName = function (view) {
    if (view === "public") return "public view";
    if (view === "all") return "everything (revealed)";
    var seat = Number(view.split(" ")[1]);
    return "as " + this.record.seats[seat] + " (seat " + seat + ") saw it";
  };

  Viewer.prototype.build = function () {
    var self = this, rec = this.record, root = this.root;
    root.textContent = "";
    var head = add(root, h("div", {id: "head"}));
    add(head, h("h1", null, rec.game + " \u2014 match " + rec.match_id));
    var seats = add(head, h("p", {id: "seats"}));
    rec.seats.forEach(function (name, seat) {
      add(seats, h("span", {"class": "swatch", style: "background:" + COLORS[seat]}));
      add(seats, h("span", {"class": "seat", "data-seat": seat}, name + " (seat " + seat + ")"));
    });
    this.resultLine = add(head, h("p", {id: "result"}));
    this.showResult();
    var controls = add(root, h("div", {id: "controls"}));
    function button(id, text, tip, fn) {
      var b = add(controls, h("button", {id: id, type: "button", title: tip}, text));
      b.addEventListener("click", fn);
      return b;
    }
    button("first", "|\u25c0\u25c0", "first step", function () { self.go(0); });
    button("back", "\u25c0", "step back (left arrow)", function () { self.go(self.step - 1); });
    this.playButton = button("play", "play", "play or pause (space)", function () { self.toggle(); });
    button("forward", "\u25b6", "step forward (right arrow)", function () { self.go(self.step + 1); });
    button("last", "\u25b6\u25b6|", "last step", function () { self.go(self.last()); });
    this.speed = add(controls, h("select", {id: "speed", title: "steps per second"}));
    [1, 2, 5, 10, 25, 50].forEach(function (n) {
      add(self.speed, h("option", {value: n}, n + " steps/s")).selected = n === 5;
    });
    this.speed.addEventListener("change", function () { if (self.timer) { self.stop(); self.play(); } });
    this.scrubber = add(controls, h("input", {id: "scrubber", type: "range", min: 0, max: this.last(), value: 0}));
    this.scrubber.addEventListener("input", function () { self.go(Number(self.scrubber.value)); });
    this.stepLabel = add(controls, h("span", {id: "step-label"}));
    add(controls, h("label", {"for": "turn"}, "turn"));
    this.turnInput = add(controls, h("input", {id: "turn", type: "number", min: 0, style: "width:5em"}));
    button("go-turn", "go", "jump to the first step of this turn", function () { self.goTurn(Number(self.turnInput.value)); });
    this.viewSelect = add(controls, h("select", {id: "view"}));
    this.fillViews();
    this.viewSelect.addEventListener("change", function () { self.view = self.viewSelect.value; self.render(true); });
    var main = add(root, h("div", {id: "main"}));
    this.board = add(main, h("div", {id: "board"}));
    var side = add(main, h("div", {id: "side"}));
    add(side, h("h2", {style: "font-size:1em;margin:0 0 .3em"}, "log"));
    this.log = add(side, h("ol", {id: "log"}));
    this.hidden = add(root, h("div", {id: "hidden"}));
    document.addEventListener("keydown", function (event) {
      // A focused control handles its own keys (the scrubber moves on its arrows already).
      if (event.target && /INPUT|SELECT|BUTTON/.test(event.target.tagName)) return;
      if (event.key === "ArrowLeft") self.go(self.step - 1);
      else if (event.key === "ArrowRight") self.go(self.step + 1);
      else if (event.key === " ") { event.preventDefault(); self.toggle(); }
    });
    this.render(true);
  };

  Viewer.prototype.fillViews = function () {
    var self = this, current = this.view;
    this.viewSelect.textContent = "";
    this.order.forEach(function (view) {
      add(self.viewSelect, h("option", {value: view}, self.viewName(view))).selected = view === current;
    });
  };

  Viewer.prototype.showResult = function () {
    var rec = this.record, parts = [];
    if (rec.result) {
      var order = rec.seats.map(function (_, seat) { return seat; }).sort(function (a, b) { return rec.result.ranks[a] - rec.result.ranks[b]; });
      parts.push("result: " + order.map(function (seat) {
        return (rec.result.ranks[seat] + 1) + ". " + rec.seats[seat] + " (" + rec.result.scores[seat] + ")";
      }).join(", ") + " [" + rec.result.termination + (rec.result.reason ? ": " + rec.result.reason : "") + "]");
    } else {
      parts.push(this.live ? "playing (public view" + (this.live.delay ? ", " + this.live.delay + " moves behind" : "") + ")" : "unfinished");
    }
    if (rec.revealed && rec.seed !== null) parts.push("seed " + rec.seed);
    if (this.live && rec.result) parts.push("as spectators saw it: ");
    else if (!rec.revealed && rec.result) parts.push("public record: the deal is still being played elsewhere, so seat views, choices and the seed are withheld");
    this.resultLine.textContent = parts.join("; ");
    if (this.live && rec.result) {
      // The same address now serves the match's record (every view once its deal is spent).
      add(this.resultLine, h("a", {id: "full-record", href: window.location.pathname}, "its record"));
    }
  };

  // The log of the current view: events it may see and the decisions (with their text where
  // the view knows it), each tagged with its step.
  Viewer.prototype.buildLog = function () {
    var self = this, rec = this.record, view = this.view, seat = view.indexOf("seat ") === 0 ? Number(view.split(" ")[1]) : null;
    var entries = [];
    rec.events.forEach(function (e) {
      var visible = e.seats === null || view === "all" || (seat !== null && e.seats.indexOf(seat) >= 0);
      if (visible) entries.push([e.step, 1, e.text, e.seats === null ? "event" : "event private"]);
    });
    rec.decisions.forEach(function (d) {
      var known = view === "all" || d.seat === seat;
      var text = rec.seats[d.seat] + (known && d.text !== null ? ": " + d.text : " acts") +
        " (" + d.time.toFixed(2) + "s" + (d.defaulted ? ", defaulted" : "") + ")";
      entries.push([d.step, 0, text, "decision"]);
    });
    entries.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    this.log.textContent = "";
    this.entries = [];
    entries.forEach(function (entry) {
      var li = add(self.log, h("li", {"class": entry[3], "data-step": entry[0], value: entry[0]}, entry[2]));
      li.addEventListener("click", function () { self.go(entry[0]); });
      self.entries.push(li);
    });
  };

  Viewer.prototype.go = function (step) {
    step = Math.max(0, Math.min(this.last(), step));
    if (step === this.step) return;
    this.step = step;
    this.render(false);
  };

  Viewer.prototype.goTurn = function (turn) {
    var frames = this.frames.public;
    for (var i = 0; i < frames.length; i++) {
      var t = frames[i].turn !== undefined ? frames[i].turn : frames[i].round;
      if (t !== undefined && t >= turn) { this.go(i); return; }
    }
    this.go(this.last());
  };

  Viewer.prototype.play = function () {
    var self = this;
    if (this.step >= this.last() && !this.live) this.step = 0;
    this.playButton.textContent = "pause";
    this.timer = setInterval(function () {
      if (self.step >= self.last()) { if (!self.live) self.stop(); return; }
      self.go(self.step + 1);
    }, 1000 / Number(this.speed.value));
  };
  Viewer.prototype.stop = function () {
    clearInterval(this.timer);
    this.timer = null;
    this.playButton.textContent = "play";
  };
  Viewer.prototype.toggle = function () { if (this.timer) this.stop(); else this.play(); };

  Viewer.prototype.render = function (full) {
    var self = this, view = this.view, step = this.step, game = this.record.game;
    if (!this.frames[view]) view = this.view = "public";
    var draw = BOARDS[game] || drawText;
    var ctx = {static: this.static, seats: this.record.seats, view: view};
    var frame = this.frames[view === "all" ? "public" : view][step] || {};
    this.board.textContent = "";
    this.board.setAttribute("data-step", step);
    this.board.setAttribute("data-view", view);
    if (!Object.keys(frame).length) add(this.board, h("p", {"class": "muted"}, "no move to show yet"));
    else add(this.board, draw(frame, ctx));
    this.hidden.textContent = "";
    if (view === "all") {
      // Everything: each seat's own view (its hand), then the engine's whole state.
      this.record.seats.forEach(function (name, seat) {
        var own = self.frames["seat " + seat];
        if (!own) return;
        var box = add(self.hidden, h("details", {"class": "seat-view", "data-seat": seat, open: ""}));
        add(box, h("summary", null, name + " (seat " + seat + ")"));
        add(box, draw(own[step], {static: self.static, seats: self.record.seats, view: "seat " + seat}));
      });
      var whole = add(this.hidden, h("details", {"class": "whole-state"}));
      add(whole, h("summary", null, "the engine's whole state (deck order, every hand)"));
      add(whole, h("pre", {"class": "state"}, JSON.stringify(this.frames.all[step], null, 1)));
    }
    this.scrubber.max = this.last();
    this.scrubber.value = step;
    var turn = frame.turn !== undefined ? frame.turn : frame.round;
    this.stepLabel.textContent = "step " + step + " of " + this.last() + (turn !== undefined ? ", turn " + turn : "");
    if (full) this.buildLog();
    var current = null;
    this.entries.forEach(function (li) {
      var at = Number(li.getAttribute("data-step"));
      li.classList.toggle("future", at > step);
      li.classList.toggle("now", at === step);
      if (at <= step) current = li;
    });
    if (current) current.scrollIntoView({block: "nearest"});
  };

  // -- live: poll the server for new steps ------------------------------------------------------
  Viewer.prototype.follow = function () {
    var self = this, url = this.live.url;
    function poll() {
      fetch(url + "?from=" + self.count(), {cache: "no-store"}).then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.json();
      }).then(function (update) {
        var atEnd = self.step >= self.last() || self.count() === 0;
        self.live.delay = update.delay || 0;
        self.record.events = self.record.events.concat(update.events || []);
        self.record.decisions = self.record.decisions.concat(update.decisions || []);
        self.addSteps(update.steps || []);
        if (update.result) self.record.result = update.result;
        self.showResult();
        if (atEnd) self.step = self.last();
        self.render(true);
        if (!update.over) setTimeout(poll, 1000);
        else document.body.setAttribute("data-finished", "1");
      }).catch(function (error) {
        self.resultLine.textContent = "lost the server (" + error.message + "); reload to try again";
      });
    }
    poll();
  };

  function gunzip(base64) {
    var bytes = Uint8Array.from(atob(base64), function (c) { return c.charCodeAt(0); });
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text();
  }

  function start() {
    var node = document.getElementById("match-data"), root = document.getElementById("app");
    var encoded = node.getAttribute("data-encoding") === "gzip+base64";
    var text = node.textContent.trim();
    (encoded ? gunzip(text) : Promise.resolve(text)).then(function (json) {
      var live = document.body.getAttribute("data-live");
      var viewer = new Viewer(root, JSON.parse(json), live);
      window.arenaViewer = viewer;
      if (live) viewer.follow();
      document.body.setAttribute("data-ready", "1");
    }).catch(function (error) {
      root.textContent = "";
      add(root, h("p", {"class": "warn"}, "this page could not read its match: " + error.message));
    });
  }
  start();
})();
