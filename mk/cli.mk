# docs/cli.md: every command's options and the engine keys, generated from
# the option tables (harness/cli/cliopt.h); tests/e2e_docs_cli.sh fails when
# the committed file differs from what bin/qibench prints.
.PHONY: docs-cli
docs-cli: $(BIN)/qibench ## rewrite docs/cli.md from the option tables (qibench help-markdown)
	@mkdir -p docs
	$(BIN)/qibench help-markdown >docs/cli.md.tmp && mv docs/cli.md.tmp docs/cli.md
