#!/usr/bin/env python3
"""readme_examples.py - runs the examples of README.md and docs/*.md (make check-readme).

Every command of a ```sh block that starts with bin/ or python3 (a "$ "
prompt taken off, continuation lines joined) is one example. Each is either

- run, in a scratch folder whose bin/, positions/, scripts/, tests/ and
  node_modules/ are the repository's (so results/ and written files land in
  the scratch folder), and must exit 0 (or the status its comment names:
  "exit N") within --timeout seconds; the lines of a "$ "-prompted example's
  shown output (but "...") must be in what it printed; or
- not run, because the page says it takes long (the example's block says
  "minute" or "hour" before it, or its own comment does, and not "N s
  here"), or it names a run
  folder, a file or a revision of the reader's own (results/RUN and the like,
  /tmp/xiangqi-old, origin/main): each such example is listed with the reason.

Every relative link of every page ([text](path) and [text](path#anchor))
must name a file of the repository, and an anchor a heading of that page,
and every table row must have its header's number of cells; a broken link
or row is a failure. GENERATED lists the pages that a make target
writes, which may be missing from a checkout.

Prints one line per example and per page's links, and the closing
"N passed, N failed[, N skipped]".
Usage: python3 tests/readme_examples.py [--timeout S] [--links-only] [PAGE...]
(default: README.md and every docs/*.md)
"""
import glob

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The reader's own runs, files and revisions: not in a fresh checkout.
PLACEHOLDERS = ("results/RUN", "results/match-2026", "results/shard?", "results/t1", "results/base",
                "results/2026", "/tmp/xiangqi-old", "origin/main")
LONG = re.compile(r"\b(minutes?|hours?)\b")
QUICK = re.compile(r"\b\d+ s here\b")


def examples(text):
    """(line, command, comment, context, shown output lines) for every example."""
    out, block, inblock = [], [], False
    for n, line in enumerate(text.split("\n"), 1):
        if line.startswith("```"):
            if inblock:
                out.extend(parse_block(block))
            inblock, block = line.strip() == "```sh" and not inblock, []
            continue
        if inblock:
            block.append((n, line))
    return out


def parse_block(block):
    found, context, i = [], [], 0
    while i < len(block):
        n, line = block[i]
        prompted = line.startswith("$ ")
        cmd = line[2:] if prompted else line
        if not re.match(r"(bin/|python3 )", cmd):
            if line.lstrip().startswith("#"):
                context.append(line)
            i += 1
            continue
        while cmd.rstrip().endswith("\\") and i + 1 < len(block):
            i += 1
            cmd = cmd.rstrip()[:-1].rstrip() + " " + block[i][1].strip()
        comment = ""
        m = re.search(r"\s{2,}#\s(.*)$", cmd)
        if m:
            comment, cmd = m.group(1), cmd[:m.start()]
        shown = []
        if prompted:  # its output: the lines up to the next prompt or example
            while i + 1 < len(block) and not block[i + 1][1].startswith("$ ") \
                    and not re.match(r"(bin/|python3 )", block[i + 1][1]):
                i += 1
                if block[i][1].strip() != "...":
                    shown.append(block[i][1])
        found.append((n, cmd.strip(), comment, "\n".join(context), shown))
        context = []
        i += 1
    return found


def sandbox():
    d = tempfile.mkdtemp(prefix="qibench-readme-")
    for name in ("bin", "positions", "scripts", "tests", "node_modules"):
        if os.path.exists(os.path.join(ROOT, name)):
            os.symlink(os.path.join(ROOT, name), os.path.join(d, name))
    return d


# Pages a make target writes (not hand-written): a link to one is not
# checked for existence, only that the target exists in the Makefile.
GENERATED = ("docs/cli.md",)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def anchor(title):
    """The anchor a Markdown renderer (GitHub's) gives a heading."""
    t = title.strip().lower().replace("`", "")
    t = re.sub(r"[^\w\- ]", "", t)
    return t.replace(" ", "-")


def anchors(path):
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"```.*?```", "", f.read(), flags=re.S)
    return {anchor(m.group(1)) for m in re.finditer(r"^#+ (.*)$", text, re.M)}


def check_links(page):
    """Broken relative links of page, and table rows whose cells do not match
    their header's (an unescaped | in a cell): a list of "PAGE:LINE: why"."""
    bad, inblock, width = [], False, None
    rel = os.path.relpath(page, ROOT)
    for n, line in enumerate(open(page, encoding="utf-8").read().split("\n"), 1):
        if line.startswith("```"):
            inblock = not inblock
            continue
        if inblock:
            continue
        if line.startswith("|"):
            cells = len(re.split(r"(?<!\\)\|", line.strip())) - 2
            if width is None:
                width = cells
            elif cells != width:
                bad.append("%s:%d: a table row of %d cells under a header of %d" % (rel, n, cells, width))
        else:
            width = None
        for m in LINK.finditer(re.sub(r"`[^`]*`", "", line)):
            target = m.group(1)
            if re.match(r"[a-z]+:", target):
                continue
            path, _, frag = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
            drel = os.path.relpath(dest, ROOT)
            if drel in GENERATED and not os.path.exists(dest):
                continue
            if not os.path.exists(dest):
                bad.append("%s:%d: %s: no such file" % (rel, n, target))
            elif frag and dest.endswith(".md") and frag not in anchors(dest):
                bad.append("%s:%d: %s: no heading with that anchor" % (rel, n, target))
    return bad


def run_page(page, d, timeout):
    """Runs one page's examples in the scratch folder d: (passed, failed, skipped)."""
    text = open(page, encoding="utf-8").read()
    rel = os.path.relpath(page, ROOT)
    passed = failed = skipped = 0
    # files the examples read that the page shows being written
    my_txt = re.search(r"\$ cat my\.txt\n(.*?)\n\$ ", text, re.S)
    if my_txt:
        with open(os.path.join(d, "my.txt"), "w", encoding="utf-8") as f:
            f.write(my_txt.group(1) + "\n")
    for n, cmd, comment, context, shown in examples(text):
        where = "%s:%d" % (rel, n)
        if any(p in cmd for p in PLACEHOLDERS):
            print("SKIP: %s: %s (names a run, file or revision of the reader's own)" % (where, cmd[:90]))
            skipped += 1
            continue
        # "N s here" says it is quick, even beside a longer run's minutes
        if (LONG.search(comment) or LONG.search(context)) and not QUICK.search(comment + " " + context):
            print("SKIP: %s: %s (the page says how long it takes)" % (where, cmd[:90]))
            skipped += 1
            continue
        # "exit 1, ... if ..." names the status of a failure (expected: 0);
        # "exit 0 or 1" the statuses a run may end with
        m = re.search(r"\bexit (\d+)(?: or (\d+))?", comment)
        if m and m.group(2):
            want = {int(m.group(1)), int(m.group(2))}
        else:
            want = {int(m.group(1)) if m and "if" not in comment else 0}
        if "; echo $?" in cmd:
            cmd = cmd.replace("; echo $?", "")
        t0 = time.time()
        try:
            r = subprocess.run(cmd, shell=True, cwd=d, capture_output=True, timeout=timeout)
            status, got = r.returncode, (r.stdout + r.stderr).decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            status, got = "timeout", ""
        secs = time.time() - t0
        missing = [s for s in shown if s.strip() and s.strip() not in got]
        if status in want and not missing:
            passed += 1
            print("ok   %s: %.0f s: %s" % (where, secs, cmd[:100]))
        else:
            failed += 1
            print("FAIL: %s: %s: exit %s (expected %s)%s" % (
                where, cmd[:100], status, " or ".join(map(str, sorted(want))),
                "; not in its output: %r" % missing[0] if missing else ""))
            if status not in want:
                print("  " + got.strip()[-600:].replace("\n", "\n  "))
    return passed, failed, skipped


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--links-only", action="store_true", help="check the links, run no example")
    ap.add_argument("pages", nargs="*")
    args = ap.parse_args()
    pages = args.pages or [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    passed = failed = skipped = 0
    for page in pages:
        bad = check_links(page)
        for b in bad:
            print("FAIL: %s" % b)
        if bad:
            failed += 1
        else:
            passed += 1
            print("ok   %s: every relative link resolves, every table row fits" % os.path.relpath(page, ROOT))
    if not args.links_only:
        for page in pages:
            d = sandbox()
            try:
                p, f, s = run_page(page, d, args.timeout)
            finally:
                shutil.rmtree(d, ignore_errors=True)
            passed, failed, skipped = passed + p, failed + f, skipped + s
    if skipped:
        print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
    else:
        print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
