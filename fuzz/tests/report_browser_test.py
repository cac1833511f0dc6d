#!/usr/bin/env python3
"""ctest fuzz.ReportBrowser: index.html laid out by headless Chromium at 1400x900 and 390x844.

A small campaign (`parity fuzz ... --report DIR`) made passing (any mismatch it found counted as a
match) and failing (mismatches planted in three rows), each rendered by `parity report --merge`, is
loaded into
Chromium with a measuring script appended to a copy of the page; the script writes what it
measured as JSON into a <pre>, which `--dump-dom` prints. Checked:
  - at 390 px the page is no wider than the screen;
  - the table's header is sticky: position sticky, its scroll container is the table's own box
    (nothing between the box and the page scrolls), and after scrolling that box the header is at
    its top;
  - at 1400 px the failing row's case id and its "what differs" line are on screen without
    scrolling sideways;
  - at 390 px every replay id of the gate's lines is within the screen;
  - the sort buttons: a click sorts (aria-sort ascending), a third click restores the first order;
  - the table's links land on the page (an accepted row's on its line under its declaration);
  - the PASS verdict's colour has a contrast of at least 4.5:1 on its background.
Exit 77 (ctest: skipped) when no Chromium is installed (Debian: chromium-headless-shell).

usage: report_browser_test.py PARITY_BINARY
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
BROWSERS = ["chromium-headless-shell", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]

# Appended to a copy of index.html: measures, then writes {"...": ...} into <pre id="measure">.
MEASURE = r"""
<script>
(function () {
  var out = {errors: []};
  function rect(el) { var r = el.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; }
  try {
    out.viewport = document.documentElement.clientWidth;
    out.docWidth = document.documentElement.scrollWidth;
    var table = document.getElementById('stats');
    var th = table.querySelector('thead th');
    out.thPosition = getComputedStyle(th).position;
    out.columns = table.querySelectorAll('thead th').length;
    out.buttons = table.querySelectorAll('thead th > button').length;
    // The scroll container: the nearest ancestor whose overflow is not visible.
    var box = null, between = [];
    for (var el = th.parentElement; el && el !== document.body; el = el.parentElement) {
      var cs = getComputedStyle(el);
      if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') {
        if (!box) box = el; else between.push(el.tagName + '.' + el.className);
      }
    }
    out.boxClass = box ? box.className : null;
    out.scrollingAncestorsAboveBox = between;
    if (box) {
      out.boxScrolls = box.scrollHeight > box.clientHeight + 1;
      box.scrollTop = 200;
      out.boxScrollTop = box.scrollTop;
      out.thTopMinusBoxTop = th.getBoundingClientRect().top - box.getBoundingClientRect().top;
      box.scrollTop = 0;
    }
    // The first failing row's case id and its "what differs" line.
    var fail = table.querySelector('tbody tr.fail');
    if (fail) {
      var link = fail.querySelector('td.case a'), what = fail.querySelector('td.case .what');
      out.failCaseId = link ? link.textContent : null;
      out.failCase = link ? rect(link) : null;
      out.failWhat = what ? rect(what) : null;
      out.failWhatText = what ? what.textContent : null;
      out.boxRight = box ? box.getBoundingClientRect().left + box.clientWidth : null;
    }
    // The table's links (to a case, an op, an accepted row's line) land on an element of the page.
    out.links = 0; out.brokenLinks = [];
    table.querySelectorAll('tbody a[href^="#"]').forEach(function (a) {
      out.links++;
      if (!document.getElementById(a.getAttribute('href').slice(1))) out.brokenLinks.push(a.getAttribute('href'));
    });
    out.acceptedLinks = table.querySelectorAll('tbody a[href^="#acc-"]').length;
    // Each replay id of the gate's lines.
    out.gateReplays = [];
    document.querySelectorAll('pre.gate code.replay').forEach(function (c) {
      var rs = c.getClientRects(), last = rs[rs.length - 1], first = rs[0];
      out.gateReplays.push({text: c.textContent, left: first.left, right: last.right});
    });
    // Sorting: ascending, descending, then the first order again.
    var order = function () { return Array.prototype.map.call(table.tBodies[0].rows, function (r) { return r.cells[0].textContent + '|' + r.cells[1].textContent; }).join(','); };
    var status = null;
    table.querySelectorAll('thead th').forEach(function (h) { if (h.textContent === 'status') status = h; });
    var sortOn = status || table.querySelectorAll('thead th')[1];
    var before = order(), b = sortOn.querySelector('button');
    if (b) {  // an old page sorts on clicks on the head itself: its checks fail, the others still run
      b.click(); out.sort1 = sortOn.getAttribute('aria-sort');
      b.click(); out.sort2 = sortOn.getAttribute('aria-sort'); out.sortedDiffers = order() !== before;
      b.click(); out.sort3 = sortOn.getAttribute('aria-sort'); out.sortRestored = order() === before;
    }
    var pass = document.querySelector('.pass');
    if (pass) {
      out.passColor = getComputedStyle(pass).color;
      var bg = pass, c = 'rgba(0, 0, 0, 0)';
      while (bg && (c = getComputedStyle(bg).backgroundColor) === 'rgba(0, 0, 0, 0)') bg = bg.parentElement;
      out.passBackground = bg ? c : 'rgb(255, 255, 255)';
    }
  } catch (e) { out.errors.push(String(e && e.stack || e)); }
  var pre = document.createElement('pre');
  pre.id = 'measure';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
"""


def find_browser():
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    return None


def measure(browser, page, width, height, tmp):
    copy = os.path.join(tmp, "measured-%d-%s" % (width, os.path.basename(os.path.dirname(page)) + ".html"))
    with open(page, encoding="utf-8") as f:
        html = f.read()
    html = html.replace("</body>", MEASURE + "</body>")
    with open(copy, "w", encoding="utf-8") as f:
        f.write(html)
    args = [browser, "--headless", "--disable-gpu", "--hide-scrollbars", "--window-size=%d,%d" % (width, height),
            "--user-data-dir=" + os.path.join(tmp, "profile"), "--dump-dom", "file://" + copy]
    if os.geteuid() == 0:
        args.insert(1, "--no-sandbox")  # Chromium refuses to run its sandbox as root (containers)
    p = subprocess.run(args, capture_output=True, text=True, timeout=120)
    start = p.stdout.find('<pre id="measure">')
    if start < 0:
        sys.exit("FAIL: no measurement from %s at %dx%d (exit %d):\n%s" % (page, width, height, p.returncode, p.stderr[-2000:]))
    end = p.stdout.find("</pre>", start)
    text = p.stdout[start + len('<pre id="measure">'):end]
    text = text.replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    m = json.loads(text)
    if m["errors"]:
        sys.exit("FAIL: the measuring script failed on %s at %d: %s" % (page, width, m["errors"]))
    return m


def luminance(rgb):
    def channel(c):
        c = c / 255.0
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def parse_rgb(css):
    inside = css[css.index("(") + 1:css.index(")")]
    return [float(v) for v in inside.replace("/", ",").split(",")[:3]]


def contrast(fg, bg):
    a, b = sorted([luminance(parse_rgb(fg)), luminance(parse_rgb(bg))])
    return (b + 0.05) / (a + 0.05)


def clean_results(results_path, out_path):
    """The campaign with every mismatch it found counted as a match (a passing run)."""
    with open(results_path, encoding="utf-8") as f:
        j = json.load(f)
    for row in j["stats"]:
        row["matches"] = row.get("matches", 0) + sum(row.get("mismatches", {}).values())
        row["mismatches"] = {}
        row["minimal"] = {}
        if row.get("worst_case"):
            row["worst_case"]["kind"] = "match"
    # An accepted row to link from, whatever the engine's OpInfo entries declare today.
    if not any(row.get("accepted_by") for row in j["stats"]):
        row = next(r for r in j["stats"] if r.get("matches", 0) >= 1)
        row["matches"] -= 1
        row["accepted"] = row.get("accepted", 0) + 1
        row["accepted_by"] = [{"declaration": "planted by the browser test", "cases": 1,
                               "example": "%s:%d:999" % (row["op"], j.get("seed", 1))}]
    j.pop("totals", None)
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(j, f)


def plant_failures(results_path, out_path):
    """Three rows with value mismatches and their minimal cases (what a failing campaign records)."""
    with open(results_path, encoding="utf-8") as f:
        j = json.load(f)
    planted = 0
    for row in j["stats"]:
        if planted == 3 or row.get("matches", 0) < 2:
            continue
        row["matches"] -= 2
        row.setdefault("mismatches", {})["value"] = 2
        case_id = "%s:%d:%d" % (row["op"], j.get("seed", 1), 900 + planted)
        row.setdefault("minimal", {})["value"] = {
            "id": case_id, "op": row["op"], "dtype": row["dtype"], "device": row.get("device", "cpu"),
            "variant": "function", "kind": "value",
            "detail": "element 1: got 0.30000001192092896, NumPy 0.29999998211860657 (planted by the browser test)",
            "inputs": "  arg0: float32(2,) strides=(4,) [0.1, 0.3]\n", "engine": "[0.1, 0.30000001]",
            "numpy": "[0.1, 0.29999998]", "python": "import numpy as np\n"}
        planted += 1
    if planted < 3:
        sys.exit("FAIL: the passing campaign has too few rows to plant failures in")
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(j, f)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    parity = sys.argv[1]
    browser = find_browser()
    if not browser:
        print("SKIP: no Chromium installed (looked for %s); Debian: apt-get install chromium-headless-shell"
              % ", ".join(BROWSERS))
        return SKIP
    failures = []

    def check(ok, what):
        print(("ok: " if ok else "FAIL: ") + what)
        if not ok:
            failures.append(what)

    with tempfile.TemporaryDirectory() as tmp:
        passing, failing = os.path.join(tmp, "passing"), os.path.join(tmp, "failing")
        # Enough ops and dtypes for a table taller than the screen (the sticky header must stick).
        ops = "add,multiply,sin,exp,sqrt,abs,maximum,floor,negative,tanh"
        campaign = os.path.join(tmp, "campaign")
        p = subprocess.run([parity, "fuzz", "--ops", ops, "--cases", "12", "--jobs", "2", "--seed", "1",
                            "--report", campaign], capture_output=True, text=True, timeout=600)
        if p.returncode not in (0, 1):
            sys.exit("FAIL: the campaign exited %d:\n%s%s" % (p.returncode, p.stdout[-3000:], p.stderr[-3000:]))
        # The layout must not depend on the engine's state: the passing report is the campaign with
        # any mismatch it found counted as a match, the failing one that with three planted.
        clean_results(os.path.join(campaign, "results.json"), os.path.join(tmp, "passing.json"))
        plant_failures(os.path.join(tmp, "passing.json"), os.path.join(tmp, "failing.json"))
        for name, out, want in (("passing", passing, 0), ("failing", failing, 1)):
            p = subprocess.run([parity, "report", "--merge", os.path.join(tmp, name + ".json"), "--out", out],
                               capture_output=True, text=True, timeout=300)
            if p.returncode != want:
                sys.exit("FAIL: rendering the %s results exited %d (want %d):\n%s%s"
                         % (name, p.returncode, want, p.stdout[-3000:], p.stderr[-3000:]))

        for label, page in (("passing", passing), ("failing", failing)):
            for width, height in ((1400, 900), (390, 844)):
                m = measure(browser, os.path.join(page, "index.html"), width, height, tmp)
                at = "%s page at %dx%d" % (label, width, height)
                print("%s: page width %d, viewport %d, %d columns" % (at, m["docWidth"], m["viewport"], m["columns"]))
                if width == 390:
                    check(m["docWidth"] <= m["viewport"], "%s: the page (%d px) is no wider than the screen (%d px)"
                          % (at, m["docWidth"], m["viewport"]))
                check(m["thPosition"] == "sticky", "%s: the header is position: sticky (%s)" % (at, m["thPosition"]))
                check(m["boxClass"] == "tablewrap" and not m["scrollingAncestorsAboveBox"],
                      "%s: the header's scroll container is the table's box, nothing above it scrolls (%s, %s)"
                      % (at, m["boxClass"], m["scrollingAncestorsAboveBox"]))
                check(m["boxScrolls"] and m["boxScrollTop"] > 0 and abs(m["thTopMinusBoxTop"]) < 1.5,
                      "%s: scrolled %s px down the table, the header is at the box's top (%.1f px off)"
                      % (at, m["boxScrollTop"], m["thTopMinusBoxTop"]))
                check(m["buttons"] == m["columns"], "%s: every column head is a button (%d of %d)"
                      % (at, m["buttons"], m["columns"]))
                check(m.get("sort1") == "ascending" and m.get("sort2") == "descending" and m.get("sort3") == "none"
                      and m.get("sortRestored"), "%s: sorting cycles ascending, descending, first order (%s, %s, %s; "
                      "restored %s)" % (at, m.get("sort1"), m.get("sort2"), m.get("sort3"), m.get("sortRestored")))
                check(m["links"] > 0 and not m["brokenLinks"], "%s: the table's %d links land on the page (broken: %s)"
                      % (at, m["links"], m["brokenLinks"][:5]))
                if label == "passing":
                    check(m["acceptedLinks"] > 0, "%s: accepted rows link to their lines under their declarations (%d)"
                          % (at, m["acceptedLinks"]))
                    ratio = contrast(m["passColor"], m["passBackground"])
                    check(ratio >= 4.5, "%s: PASS %s on %s has contrast %.2f:1 (>= 4.5)"
                          % (at, m["passColor"], m["passBackground"], ratio))
                    continue
                check(bool(m.get("failCaseId")) and "planted" in (m.get("failWhatText") or ""),
                      "%s: the failing row shows its case %s and what differs" % (at, m.get("failCaseId")))
                if width == 1400:
                    right = min(m["viewport"], m["boxRight"])
                    for part in ("failCase", "failWhat"):
                        r = m.get(part) or {"left": -1, "right": -1}  # none: the checks above failed
                        check(r["left"] >= 0 and r["right"] <= right + 0.5,
                              "%s: the failing row's %s (%.0f-%.0f px) is on screen without scrolling (<= %.0f)"
                              % (at, part, r["left"], r["right"], right))
                else:
                    check(len(m["gateReplays"]) == 3, "%s: the gate lists 3 replay commands (%d)"
                          % (at, len(m["gateReplays"])))
                    for g in m["gateReplays"]:
                        check(g["left"] >= 0 and g["right"] <= m["viewport"] + 0.5,
                              "%s: gate replay %s ends at %.0f px, within the screen (%d)"
                              % (at, g["text"], g["right"], m["viewport"]))
    if failures:
        print("%d checks failed" % len(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
