"""Questions and edits of e2e_integrity.sh over a run's check chain."""
import os


def _fnv(seed, body):
    h = 0xCBF29CE484222325
    for b in seed.encode() + b"\n" + body.encode():
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def reseal(path):
    """Recomputes the check chain of the games.jsonl path after its run.json,
    as the README defines it (FNV-1a 64 over seed, '\\n', the line before
    ,"check":), so that an edit passes the checksums and only the replay
    under the rules can see it. Rewrites path."""
    with open(os.path.join(os.path.dirname(path), "run.json"), encoding="utf-8") as f:
        run = f.read().rstrip("\n")
    seed = run[run.rindex(',"check":"') + 10:-2]
    out = []
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    for line in lines:
        body = line[:line.rindex(',"check":"')]
        seed = _fnv(seed, body)
        out.append(body + ',"check":"' + seed + '"}')
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(line + "\n" for line in out))
