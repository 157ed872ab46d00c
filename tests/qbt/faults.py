"""Questions of e2e_faults.sh: the games against the misbehaving mock and
the mock's descriptor reports (--fd-report FILE: a line per start)."""
import re

from qbt import rows


def no_start_failure(path):
    """No game's detail speaks of a start or a handshake."""
    bad = [r["detail"] for r in rows(path) if "start" in (r["detail"] or "") or "handshake" in (r["detail"] or "")]
    assert not bad, f"start failures recorded: {bad}"


def fds_steady(path):
    """The harness's descriptor count (parent=N) at each start after the
    first two is positive and varies by at most one."""
    with open(path, encoding="utf-8") as f:
        p = [int(re.search(r"parent=(-?\d+)", line).group(1)) for line in f][2:]
    assert p, f"{path}: fewer than 3 starts reported"
    assert min(p) > 0 and max(p) - min(p) <= 1, f"descriptor counts from {min(p)} to {max(p)}"
