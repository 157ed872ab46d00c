"""python3 -m qbt FUNCTION ARGS...: calls a function of qbt (NAME) or of a
topic module of it (MODULE.NAME) with the string arguments and prints what
it returns: nothing for None, True/False, a list one item a line (a list
in a list as its items joined by blanks), objects as sorted JSON, anything
else as str. A failed check (AssertionError) or a bad call prints one line
on stderr and exits 1."""
import importlib
import json
import sys

import qbt


def show(v):
    if v is None:
        return
    if isinstance(v, (list, tuple)):
        for item in v:
            if isinstance(item, (list, tuple)):
                print(" ".join(qbt.text(x) for x in item))
            else:
                print(qbt.text(item))
    elif isinstance(v, dict):
        print(json.dumps(v, sort_keys=True))
    else:
        print(v)


def main(argv):
    if not argv:
        print("usage: python3 -m qbt FUNCTION [ARG...]", file=sys.stderr)
        return 2
    name = argv[0]
    mod = qbt
    if "." in name:
        modname, name = name.rsplit(".", 1)
        mod = importlib.import_module("qbt." + modname)
    fn = getattr(mod, name, None)
    if not callable(fn) or name.startswith("_"):
        print(f"qbt: no function {argv[0]}", file=sys.stderr)
        return 2
    try:
        show(fn(*argv[1:]))
    except AssertionError as e:
        print(f"qbt {argv[0]}: {e}", file=sys.stderr)
        return 1
    except (OSError, KeyError, IndexError, TypeError, ValueError) as e:
        print(f"qbt {argv[0]}: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    return 0


sys.exit(main(sys.argv[1:]))
