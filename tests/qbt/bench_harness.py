"""The table of tests/bench_harness.sh: harness CPU per ply over games of 60
and of 300 plies, and (under callgrind) instructions per ply."""
import statistics


def table(q, cpu60, cpu300, ins60, ins300):
    """The lines of QIBENCH q's rows: every run of the files cpu60 and
    cpu300 (ms per ply, one run a line), their median and least, and the
    ratio 300 to 60 plies, on the instructions per ply of the files ins60
    and ins300 where both are there (valgrind ran), else on the least CPU:
    within 10% or not."""
    runs = {}
    for n, path in (("60", cpu60), ("300", cpu300)):
        with open(path, encoding="utf-8") as f:
            runs[n] = [float(x) for x in f]
    ins = []
    for path in (ins60, ins300):
        with open(path, encoding="utf-8") as f:
            ins.append(int(f.read() or 0))
    med = {n: statistics.median(v) for n, v in runs.items()}
    least = {n: min(v) for n, v in runs.items()}
    out = [f"{q:<32} {n:>6}  {' '.join(f'{x:.4f}' for x in v)}  median {med[n]:.4f}  least {least[n]:.4f}"
           for n, v in runs.items()]
    ratio, ratio_med = least["300"] / least["60"], med["300"] / med["60"]
    line = f"{q:<32} 300/60 CPU: least {ratio:.3f}, median {ratio_med:.3f}"
    if all(ins):
        out.append(f"{q:<32} instructions per ply: 60 plies {ins[0]}, 300 plies {ins[1]}")
        ratio = ins[1] / ins[0]
        line += f"; instructions {ratio:.3f}"
    out.append(f"{line} ({'within' if abs(ratio - 1) <= 0.10 else 'NOT within'} 10%)")
    return out
