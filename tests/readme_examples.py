#!/usr/bin/env python3
"""readme_examples.py - runs the README's examples (make check-readme).

Every command of a ```sh block of README.md that starts with bin/ or
python3 (a "$ " prompt taken off, continuation lines joined) is one example.
Each is either

- run, in a scratch folder whose bin/, positions/, scripts/, tests/ and
  node_modules/ are the repository's (so results/ and written files land in
  the scratch folder), and must exit 0 (or the status its comment names:
  "exit N") within --timeout seconds; the lines of a "$ "-prompted example's
  shown output (but "...") must be in what it printed; or
- not run, because the README says it takes long (the example's block says
  "minute" or "hour" before it, or its own comment does, and not "N s
  here"), or it names a run
  folder, a file or a revision of the reader's own (results/RUN and the like,
  /tmp/xiangqi-old, origin/main): each such example is listed with the reason.

Prints one line per example and the closing "N passed, N failed[, N skipped]".
Usage: python3 tests/readme_examples.py [--timeout S] [README]
"""
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("readme", nargs="?", default=os.path.join(ROOT, "README.md"))
    args = ap.parse_args()
    text = open(args.readme, encoding="utf-8").read()
    # files the examples read that the README shows being written
    my_txt = re.search(r"\$ cat my\.txt\n(.*?)\n\$ ", text, re.S)
    passed = failed = skipped = 0
    d = sandbox()
    try:
        if my_txt:
            with open(os.path.join(d, "my.txt"), "w", encoding="utf-8") as f:
                f.write(my_txt.group(1) + "\n")
        for n, cmd, comment, context, shown in examples(text):
            where = "README.md:%d" % n
            if any(p in cmd for p in PLACEHOLDERS):
                print("SKIP: %s: %s (names a run, file or revision of the reader's own)" % (where, cmd[:90]))
                skipped += 1
                continue
            # "N s here" says it is quick, even beside a longer run's minutes
            if (LONG.search(comment) or LONG.search(context)) and not QUICK.search(comment + " " + context):
                print("SKIP: %s: %s (the README says how long it takes)" % (where, cmd[:90]))
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
                r = subprocess.run(cmd, shell=True, cwd=d, capture_output=True, timeout=args.timeout)
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
    finally:
        shutil.rmtree(d, ignore_errors=True)
    if skipped:
        print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
    else:
        print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
