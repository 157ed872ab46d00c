"""report_charts.py - the formatting helpers and inline SVG charts of
scripts/report.py: line charts and small multiples (one small chart per
engine on shared axes), bar charts, interval charts and heatmaps. Colours
are the Okabe-Ito palette's (told apart by people with any common colour
vision deficiency) that show on white, and every series also has its own
marker and dash, so the charts read in grey too. A chart is made wide
enough for its title and its labels (estimated from their length). Python 3 standard library only.
"""

import html
import math

# ---------------------------------------------------------------- formatting

def fmt(value, spec="{:.0f}", none="n/a"):
    """value formatted with spec, or none for None."""
    return none if value is None else spec.format(value)


def fmt_pct(value):
    return fmt(value, "{:.1f}%") if value is None else "{:.1f}%".format(100 * value)


def fmt_elo(elo, err):
    if elo is None:
        return "n/a"
    return "{:+.1f} ± {}".format(elo, fmt(err, "{:.1f}"))


# ---------------------------------------------------------------- SVG charts

# Okabe & Ito (2008), "Color Universal Design": the five of its eight colours that stand out on white
# (contrast at least 3:1, as WCAG asks of lines and shapes): blue, vermillion, bluish green, reddish
# purple, black. Its yellow (#F0E442, 1.3:1), orange (#E69F00, 2.3:1) and sky blue (#56B4E9, 2.3:1)
# hardly show on white and are not used. Series beyond five differ by marker and dash as well.
PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#000000"]
MARKERS = ["circle", "square", "triangle", "diamond", "cross", "down", "circle-open", "square-open"]
DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 2 1 2", "12 3"]


def contrast(color, background="#ffffff"):
    """The WCAG 2 contrast ratio of two #rrggbb colours (1 to 21)."""
    def lum(c):
        rgb = [int(c[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    a, b = sorted((lum(color), lum(background)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def text_width(text, size=12, bold=False):
    """A generous estimate of the width in px of text in a sans-serif font (no font metrics here):
    0.62 em a character, 0.68 em bold; wide enough for DejaVu Sans and Liberation Sans."""
    return len(str(text)) * size * (0.68 if bold else 0.62)


def fit_width(width, title):
    """width, widened so that the chart's title (14 px bold) fits with a margin."""
    return max(width, int(text_width(title, 14, True)) + 24)
FONT = 'font-family="sans-serif" font-size="12"'


def _esc(text):
    return html.escape(str(text), quote=True)


def style(i):
    """(colour, marker, dash) of series i: all three differ between neighbours."""
    return PALETTE[i % len(PALETTE)], MARKERS[i % len(MARKERS)], DASHES[i % len(DASHES)]


def marker(shape, x, y, color, r=3.5):
    """SVG for one marker of the given shape centred at (x, y)."""
    fill = "#ffffff" if shape.endswith("-open") else color
    shape = shape.replace("-open", "")
    if shape == "circle":
        return '<circle class="marker" cx="%.1f" cy="%.1f" r="%.1f" fill="%s" stroke="%s"/>' % (x, y, r, fill, color)
    if shape == "square":
        return '<rect class="marker" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s" stroke="%s"/>' % (
            x - r, y - r, 2 * r, 2 * r, fill, color)
    if shape == "cross":
        return ('<path class="marker" d="M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f" stroke="%s" stroke-width="2"/>'
                % (x - r, y - r, x + r, y + r, x - r, y + r, x + r, y - r, color))
    pts = {"triangle": [(0, -1.2), (1.1, 0.9), (-1.1, 0.9)], "down": [(0, 1.2), (1.1, -0.9), (-1.1, -0.9)],
           "diamond": [(0, -1.3), (1.1, 0), (0, 1.3), (-1.1, 0)]}[shape]
    return '<polygon class="marker" points="%s" fill="%s" stroke="%s"/>' % (
        " ".join("%.1f,%.1f" % (x + dx * r, y + dy * r) for dx, dy in pts), fill, color)


def nice_ticks(lo, hi, count=5):
    """Round tick values covering [lo, hi]."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    first = math.floor(lo / step) * step
    ticks, t = [], first
    while t <= hi + step * 1e-9:
        ticks.append(round(t, 10))
        t += step
    if ticks[-1] < hi:
        ticks.append(round(t, 10))
    return ticks


def _tick_text(v):
    if abs(v) >= 1e6:
        return "{:g}M".format(v / 1e6)
    if abs(v) >= 1e4:
        return "{:g}k".format(v / 1e3)
    return "{:g}".format(v)


def _svg_open(kind, width, height, title):
    return ['<svg xmlns="http://www.w3.org/2000/svg" class="chart" data-chart="%s" width="%d" height="%d" '
            'viewBox="0 0 %d %d" role="img">' % (kind, width, height, width, height),
            '<title>%s</title>' % _esc(title),
            '<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>' % (width, height),
            '<text x="%d" y="18" text-anchor="middle" font-family="sans-serif" font-size="14" '
            'font-weight="bold">%s</text>' % (width // 2, _esc(title))]


def line_chart(kind, title, series, x_label, y_label, log_y=False, hlines=(), width=640, height=360):
    """SVG: one polyline (class "series", data-series=name) per (name, [(x, y)]) in series, with circle
    markers, axes, a legend, and dashed horizontal lines for (y, label) in hlines. log_y: log10 scale."""
    left, right, top, bottom = 70, 150, 32, 48
    right = max([right] + [int(text_width(n)) + 44 for n, _ in series] + [int(text_width(t)) + 12 for _, t in hlines])
    width = max(fit_width(width, title), left + right + 240)
    pw, ph = width - left - right, height - top - bottom
    xs = [x for _, pts in series for x, _ in pts] or [0, 1]
    ys = [y for _, pts in series for _, y in pts] + [y for y, _ in hlines]
    if log_y:
        ys = [y for y in ys if y > 0] or [1]
        lo, hi = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
        hi = hi if hi > lo else lo + 1
        y_ticks = [10 ** k for k in range(lo, hi + 1)]
        ty = lambda y: math.log10(y)  # noqa: E731
        ylo, yhi = lo, hi
    else:
        ys = ys or [0, 1]
        y_ticks = nice_ticks(min(ys + [0]), max(ys + [0]))
        ty = lambda y: y  # noqa: E731
        ylo, yhi = y_ticks[0], y_ticks[-1]
    x_ticks = nice_ticks(min(xs + [0]), max(xs)) if max(xs) - min(xs) > 10 else \
        list(range(int(math.floor(min(xs))), int(math.ceil(max(xs))) + 1))
    xlo, xhi = x_ticks[0], x_ticks[-1]
    if xhi == xlo:
        xlo, xhi = xlo - 1, xhi + 1
    px = lambda x: left + (x - xlo) / (xhi - xlo) * pw  # noqa: E731
    py = lambda y: top + ph - (ty(y) - ylo) / (yhi - ylo) * ph  # noqa: E731
    out = _svg_open(kind, width, height, title)
    out.append('<g class="axes" stroke="#767676" stroke-width="1">')
    for t in y_ticks:
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#e5e5e5"/>' % (left, py(t), left + pw, py(t)))
    out.append('<line x1="%d" y1="%d" x2="%d" y2="%d"/>' % (left, top, left, top + ph))
    out.append('<line x1="%d" y1="%d" x2="%d" y2="%d"/>' % (left, top + ph, left + pw, top + ph))
    out.append('</g>')
    for t in y_ticks:
        out.append('<text x="%d" y="%.1f" text-anchor="end" %s>%s</text>' % (left - 6, py(t) + 4, FONT, _tick_text(t)))
    for t in x_ticks:
        out.append('<text x="%.1f" y="%d" text-anchor="middle" %s>%s</text>' % (px(t), top + ph + 16, FONT,
                                                                                _tick_text(t)))
    out.append('<text x="%.1f" y="%d" text-anchor="middle" %s>%s</text>' % (left + pw / 2, height - 8, FONT,
                                                                            _esc(x_label)))
    out.append('<text x="14" y="%.1f" text-anchor="middle" transform="rotate(-90 14 %.1f)" %s>%s</text>' % (
        top + ph / 2, top + ph / 2, FONT, _esc(y_label)))
    for y, label in hlines:
        out.append('<line class="bound" x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#D55E00" stroke-width="1.5" '
                   'stroke-dasharray="6 4"/>' % (left, py(y), left + pw, py(y)))
        out.append('<text x="%d" y="%.1f" %s fill="#D55E00">%s</text>' % (left + pw + 4, py(y) + 4, FONT,
                                                                         _esc(label)))
    for i, (name, pts) in enumerate(series):
        color, shape, dash = style(i)
        coords = " ".join("%.1f,%.1f" % (px(x), py(y)) for x, y in pts if not log_y or y > 0)
        out.append('<polyline class="series" data-series="%s" points="%s" fill="none" stroke="%s" '
                   'stroke-width="2"%s/>' % (_esc(name), coords, color,
                                             ' stroke-dasharray="%s"' % dash if dash else ""))
        if len(pts) <= 40:
            for x, y in pts:
                if not log_y or y > 0:
                    out.append(marker(shape, px(x), py(y), color))
        if not hlines or len(series) > 1:
            ly = top + 10 + 18 * i
            out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"%s/>' % (
                left + pw + 10, ly, left + pw + 30, ly, color, ' stroke-dasharray="%s"' % dash if dash else ""))
            out.append(marker(shape, left + pw + 20, ly, color))
            out.append('<text x="%d" y="%d" %s>%s</text>' % (left + pw + 34, ly + 4, FONT, _esc(name)))
    out.append('</svg>')
    return "\n".join(out)


def bar_chart(kind, title, items, value_label, spec="{:.0f}", width=640, color=None):
    """SVG: one horizontal bar (class "bar", data-label, data-value) per (label, value) in items;
    a None value gets no bar and the text n/a. color: one colour for every bar (a histogram), else
    each bar its own."""
    left, right, top, bar, gap = 150, 90, 32, 20, 6
    left = max([60] + [int(text_width(label)) + 12 for label, _ in items])
    width = max(fit_width(width, title), left + right + 200)
    height = top + len(items) * (bar + gap) + 40
    pw = width - left - right
    vmax = max([v for _, v in items if v is not None] + [0])
    ticks = nice_ticks(0, vmax if vmax > 0 else 1)
    scale = pw / ticks[-1]
    out = _svg_open(kind, width, height, title)
    base = top + len(items) * (bar + gap)
    for t in ticks:
        out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#e5e5e5"/>' % (
            left + t * scale, top, left + t * scale, base))
        out.append('<text x="%.1f" y="%d" text-anchor="middle" %s>%s</text>' % (left + t * scale, base + 14, FONT,
                                                                                _tick_text(t)))
    for i, (label, value) in enumerate(items):
        y = top + i * (bar + gap)
        out.append('<text x="%d" y="%d" text-anchor="end" %s>%s</text>' % (left - 6, y + 14, FONT, _esc(label)))
        if value is not None:
            out.append('<rect class="bar" data-label="%s" data-value="%s" x="%d" y="%d" width="%.1f" height="%d" '
                       'fill="%s"/>' % (_esc(label), value, left, y, max(value * scale, 0.5), bar,
                                        color or PALETTE[i % len(PALETTE)]))
        out.append('<text x="%.1f" y="%d" %s>%s</text>' % (left + (value or 0) * scale + 4, y + 14, FONT,
                                                           fmt(value, spec)))
    out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#767676"/>' % (left, top, left, base))
    out.append('<text x="%.1f" y="%d" text-anchor="middle" %s>%s</text>' % (left + pw / 2, height - 6, FONT,
                                                                            _esc(value_label)))
    out.append('</svg>')
    return "\n".join(out)


def interval_chart(kind, title, items, value_label, width=640):
    """SVG: per (label, value, error) a dot (class "point") with a bar (class "interval") from
    value - error to value + error, and a line at 0; None values get the text n/a."""
    left, right, top, row = 180, 40, 32, 28
    left = max([80] + [int(text_width(label)) + 14 for label, _, _ in items])
    width = max(fit_width(width, title), left + right + 240)
    height = top + len(items) * row + 40
    pw = width - left - right
    ends = [0.0]
    for _, v, e in items:
        if v is not None:
            ends += [v - (e or 0), v + (e or 0)]
    ticks = nice_ticks(min(ends), max(ends) if max(ends) > min(ends) else min(ends) + 1)
    px = lambda x: left + (x - ticks[0]) / (ticks[-1] - ticks[0]) * pw  # noqa: E731
    base = top + len(items) * row
    out = _svg_open(kind, width, height, title)
    for t in ticks:
        out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s"/>' % (
            px(t), top, px(t), base, "#767676" if t == 0 else "#e5e5e5"))
        out.append('<text x="%.1f" y="%d" text-anchor="middle" %s>%s</text>' % (px(t), base + 14, FONT,
                                                                                _tick_text(t)))
    for i, (label, value, err) in enumerate(items):
        y = top + i * row + row / 2
        out.append('<text x="%d" y="%.1f" text-anchor="end" %s>%s</text>' % (left - 8, y + 4, FONT, _esc(label)))
        if value is None:
            out.append('<text x="%.1f" y="%.1f" %s>n/a</text>' % (px(0) + 4, y + 4, FONT))
            continue
        if err is not None:
            out.append('<line class="interval" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#0072B2" '
                       'stroke-width="3"/>' % (px(value - err), y, px(value + err), y))
        out.append('<circle class="point" data-value="%s" cx="%.1f" cy="%.1f" r="5" fill="#D55E00"/>' % (
            value, px(value), y))
    out.append('<text x="%.1f" y="%d" text-anchor="middle" %s>%s</text>' % (left + pw / 2, height - 6, FONT,
                                                                            _esc(value_label)))
    out.append('</svg>')
    return "\n".join(out)


def heatmap(kind, title, names, matrix):
    """SVG: a square grid, one cell (class "cell", data-row, data-col, data-value) per pair, shaded
    from white (0) to green (1), the percentage written in it."""
    cell = 46
    n = len(names)
    longest = max([text_width(name) for name in names] + [0])
    left = max(60, int(longest) + 12)
    top = max(40, int(longest * 0.72) + 36)  # the column names, turned 45 degrees, above the grid
    width = fit_width(left + n * cell + max(20, int(longest * 0.72) - cell // 2 + 8), title)
    height = top + n * cell + 20
    out = _svg_open(kind, width, height, title)
    for j, name in enumerate(names):
        x = left + j * cell + cell / 2
        out.append('<text x="%.1f" y="%d" transform="rotate(-45 %.1f %d)" %s>%s</text>' % (
            x, top - 6, x, top - 6, FONT, _esc(name)))
    for i, row_name in enumerate(names):
        y = top + i * cell
        out.append('<text x="%d" y="%.1f" text-anchor="end" %s>%s</text>' % (left - 6, y + cell / 2 + 4, FONT,
                                                                             _esc(row_name)))
        for j, col_name in enumerate(names):
            v = matrix[i][j]
            shade = "#eeeeee" if v is None else "rgb(%d,%d,%d)" % (
                round(255 - 211 * v), round(255 - 95 * v), round(255 - 211 * v))
            out.append('<rect class="cell" data-row="%s" data-col="%s" data-value="%s" x="%d" y="%d" width="%d" '
                       'height="%d" fill="%s" stroke="#ffffff"/>' % (
                           _esc(row_name), _esc(col_name), "" if v is None else "%.4f" % v,
                           left + j * cell, y, cell, cell, shade))
            out.append('<text x="%.1f" y="%.1f" text-anchor="middle" %s fill="%s">%s</text>' % (
                left + j * cell + cell / 2, y + cell / 2 + 4, FONT, "#ffffff" if (v or 0) > 0.6 else "#000000",
                "n/a" if v is None else "%.0f%%" % (100 * v)))
    out.append('</svg>')
    return "\n".join(out)


def small_multiples(kind, title, series, x_label, y_label, log_y=False, order=None, width=300, height=220):
    """One small SVG line chart per (name, [(x, y)]) in series (each class "chart", data-chart=kind,
    data-series=name), all on the same axes so that they compare at a glance; the other series are
    drawn in light grey behind each one for context. order: the names whose index picks each one's
    style (so an engine looks the same in every chart; default the order of series). Returns a list
    of SVG strings."""
    left, right, top, bottom = 58, 12, 30, 40
    pw, ph = width - left - right, height - top - bottom
    xs = [x for _, pts in series for x, _ in pts] or [0, 1]
    ys = [y for _, pts in series for _, y in pts if not log_y or y > 0] or [1]
    if log_y:
        lo, hi = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
        hi = hi if hi > lo else lo + 1
        y_ticks = [10 ** k for k in range(lo, hi + 1)]
        ty, ylo, yhi = math.log10, lo, hi
    else:
        y_ticks = nice_ticks(min(ys + [0]), max(ys))
        ty, ylo, yhi = (lambda y: y), y_ticks[0], y_ticks[-1]
    xlo, xhi = math.floor(min(xs)), math.ceil(max(xs))
    if xhi == xlo:
        xlo, xhi = xlo - 1, xhi + 1
    x_ticks = list(range(int(xlo), int(xhi) + 1)) if xhi - xlo <= 12 else nice_ticks(xlo, xhi)
    px = lambda x: left + (x - xlo) / (xhi - xlo) * pw  # noqa: E731
    py = lambda y: top + ph - (ty(y) - ylo) / (yhi - ylo) * ph  # noqa: E731

    def coords(pts):
        return " ".join("%.1f,%.1f" % (px(x), py(y)) for x, y in pts if not log_y or y > 0)

    charts = []
    order = order or [name for name, _ in series]
    for i, (name, pts) in enumerate(series):
        color, shape, dash = style(order.index(name) if name in order else i)
        out = ['<svg xmlns="http://www.w3.org/2000/svg" class="chart" data-chart="%s" data-series="%s" width="%d" '
               'height="%d" viewBox="0 0 %d %d" role="img">' % (kind, _esc(name), width, height, width, height),
               '<title>%s: %s</title>' % (_esc(title), _esc(name)),
               '<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>' % (width, height),
               '<text x="%d" y="17" text-anchor="middle" font-family="sans-serif" font-size="13" '
               'font-weight="bold">%s</text>' % (width // 2, _esc(name))]
        for t in y_ticks:
            out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#e5e5e5"/>' % (left, py(t), left + pw, py(t)))
            out.append('<text x="%d" y="%.1f" text-anchor="end" %s>%s</text>' % (left - 4, py(t) + 4, FONT,
                                                                                 _tick_text(t)))
        for t in x_ticks:
            out.append('<text x="%.1f" y="%d" text-anchor="middle" %s>%s</text>' % (px(t), top + ph + 14, FONT,
                                                                                    _tick_text(t)))
        out.append('<path d="M%d %dV%dH%d" fill="none" stroke="#767676"/>' % (left, top, top + ph, left + pw))
        for j, (other, opts) in enumerate(series):
            if j != i and len(opts) > 1:
                out.append('<polyline class="context" points="%s" fill="none" stroke="#d9d9d9" stroke-width="1.5"/>'
                           % coords(opts))
        out.append('<polyline class="series" data-series="%s" points="%s" fill="none" stroke="%s" '
                   'stroke-width="2.5"%s/>' % (_esc(name), coords(pts), color,
                                               ' stroke-dasharray="%s"' % dash if dash else ""))
        for x, y in pts:
            if not log_y or y > 0:
                out.append(marker(shape, px(x), py(y), color))
        out.append('<text x="%.1f" y="%d" text-anchor="middle" %s>%s</text>' % (left + pw / 2, height - 6, FONT,
                                                                                _esc(x_label)))
        out.append('<text x="12" y="%.1f" text-anchor="middle" transform="rotate(-90 12 %.1f)" %s>%s</text>' % (
            top + ph / 2, top + ph / 2, FONT, _esc(y_label)))
        out.append('</svg>')
        charts.append("\n".join(out))
    return charts
