"""qbt.report_browser - the files e2e_report_browser.sh makes and reads
around headless Chromium: the screenshot, and a test copy of report.html
with a probe script that writes what it measured into the DOM."""

# Measures the page once loaded and appends one line to the body:
# "PROBE scrollWidth=W svgs=N drawn=D errors=E kinds=K,... END".
PROBE = """<script>
var errors = [];
window.addEventListener("error", function (e) { errors.push(String(e.message)); });
var old = console.error; console.error = function (m) { errors.push(String(m)); old.apply(console, arguments); };
window.addEventListener("load", function () {
  var svgs = document.querySelectorAll("svg"), drawn = 0, kinds = {};
  for (var i = 0; i < svgs.length; i++) {
    var r = svgs[i].getBoundingClientRect();
    if (r.width > 0 && r.height > 0) drawn++;
    kinds[svgs[i].getAttribute("data-chart")] = 1;
  }
  var out = document.createElement("pre");
  out.id = "probe";
  out.textContent = "PROBE scrollWidth=" + document.documentElement.scrollWidth + " svgs=" + svgs.length +
      " drawn=" + drawn + " errors=" + errors.length + " kinds=" + Object.keys(kinds).sort().join(",") + " END";
  document.body.appendChild(out);
});
</script>"""


def check_png(path):
    """path is a PNG image (its 8-byte signature)."""
    with open(path, "rb") as f:
        head = f.read(8)
    assert head == b"\x89PNG\r\n\x1a\n", f"{path}: starts {head!r}, not a PNG"


def write_probe(page, out):
    """Writes out, a copy of the HTML page with the probe script before
    </body>; returns the number of charts (<svg) in page."""
    with open(page, encoding="utf-8") as f:
        html = f.read()
    with open(out, "w", encoding="utf-8") as f:
        f.write(html.replace("</body>", PROBE + "\n</body>"))
    return html.count("<svg")
