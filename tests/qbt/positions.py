"""Questions of e2e_positions.sh over the position sets (EPD files:
positions/xiangqi/endgames.epd and tactics.epd), each position line read
as its {opcode: operands} (quoted operands may hold ';')."""
import re


def ops(path):
    """The position lines of the EPD file path, as (line, {opcode: operands})."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            rest = (line.split(None, 2) + [""])[2]
            found = re.findall(r'([A-Za-z]\w*)((?:\s+(?:"[^"]*"|[^\s;"]+))*)\s*;?', rest)
            out.append((line, {op: t.strip() for op, t in found}))
    return out


def endgames_incomplete(path):
    """How many endgames lack result, within, id, c0 (theory) or c1 (Fairy-Stockfish)."""
    return sum(not all(k in o for k in ("result", "within", "id", "c0", "c1")) for _, o in ops(path))


def endgames_unconfirmed(path):
    """How many endgames' c1 does not report a mate (a win) or a self-play
    without loss (a draw)."""
    return sum(("mate" not in o["c1"]) if o["result"] != "1/2-1/2" else ("no side lost" not in o["c1"])
               for _, o in ops(path))


def results(path):
    """The different expected results, sorted, joined by ','."""
    return ",".join(sorted(set(o["result"] for _, o in ops(path))))


def tactics_incomplete(path):
    """How many tactics lack bm or dm, id, or a c0 naming the engine, time
    and gap or exact mate."""
    return sum(not (("bm" in o or "dm" in o) and "id" in o
                    and re.search(r"Fairy-Stockfish.* s, MultiPV 2.*(gap|exact search: mate)", o.get("c0", "")))
               for _, o in ops(path))


def tactics_unchecked(path):
    """How many tactics with dm were not checked by an exact search for
    that mate, or without dm have no gap."""
    return sum(("exact search: mate in " + o["dm"]) not in o["c0"] if "dm" in o else "gap" not in o["c0"]
               for _, o in ops(path))


def mates(path):
    """How many positions have dm."""
    return sum("dm" in o for _, o in ops(path))
