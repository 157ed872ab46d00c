#!/bin/sh
# e2e_docs_cli.sh - docs/cli.md is what `qibench help-markdown` prints from
# the option tables today (make docs-cli rewrites it), and it names every
# option `qibench COMMAND --help` lists.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}

"$QIBENCH" help-markdown >"$tmp/cli.md"
check "help-markdown: exit 0" test $? -eq 0
if cmp -s "$tmp/cli.md" docs/cli.md; then
    ok
else
    bad "docs/cli.md is out of date: run make docs-cli (diff: $(diff docs/cli.md "$tmp/cli.md" | head -5 | tr '\n' ' '))"
fi
for c in match tournament suite bench stats merge ratings play openings regress; do
    check "docs/cli.md has a section for $c" grep -q "^## $c\$" docs/cli.md
    # every option word --help shows at the start of a line ("  --name ARG")
    for o in $("$QIBENCH" "$c" --help | sed -n 's/^  \(--*[a-z][a-z0-9-]*\).*/\1/p'); do
        check "docs/cli.md: $c $o" grep -qF -- "| \`$o\` |" docs/cli.md
    done
done
for k in name cmd proto tc st depth nodes movetime timemargin option.NAME; do
    check "docs/cli.md: engine key $k=" grep -qF -- "| \`$k=\` |" docs/cli.md
done

report
