"""qbt.report_browser - the files e2e_report_browser.sh makes and reads
around headless Chromium: the screenshot, and a test copy of report.html
with a probe script that writes what it measured into the DOM."""

# Measures the page once loaded and appends one line to the body:
# "PROBE width=W scrollWidth=S svgs=N drawn=D errors=E overflow=O clipped=C scrolled=R
#  kinds=K,... texts=T,... END":
# overflow: headings, paragraphs, links and table cells whose text is wider than their box
# (scrollWidth > clientWidth); clipped: SVG texts that reach out of their chart's box (their
# bounding rectangle, rotations included, against the svg's); scrolled: the boxes of tables and
# charts whose content is wider than the box (it scrolls sideways); texts: the first few
# overflowing or clipped texts, URI-encoded (so that the line has no spaces).
PROBE = """<script>
var errors = [];
window.addEventListener("error", function (e) { errors.push(String(e.message)); });
var old = console.error; console.error = function (m) { errors.push(String(m)); old.apply(console, arguments); };
window.addEventListener("load", function () {
  var svgs = document.querySelectorAll("svg"), drawn = 0, kinds = {}, bad = [], clipped = 0, overflow = 0;
  for (var i = 0; i < svgs.length; i++) {
    var r = svgs[i].getBoundingClientRect();
    if (r.width > 0 && r.height > 0) drawn++;
    kinds[svgs[i].getAttribute("data-chart")] = 1;
    var texts = svgs[i].querySelectorAll("text");
    for (var j = 0; j < texts.length; j++) {
      var t = texts[j].getBoundingClientRect();
      if (t.left < r.left - 1 || t.right > r.right + 1 || t.top < r.top - 1 || t.bottom > r.bottom + 1) {
        clipped++;
        bad.push("svg:" + texts[j].textContent);
      }
    }
  }
  var boxes = document.querySelectorAll("h1,h2,h3,p,a,th,td,li");
  for (var k = 0; k < boxes.length; k++) {
    if (boxes[k].scrollWidth > boxes[k].clientWidth + 1 && boxes[k].clientWidth > 0) {
      overflow++;
      bad.push(boxes[k].tagName + ":" + boxes[k].textContent.slice(0, 60));
    }
  }
  var wide = document.querySelectorAll("div.wide,div.grid,div.row"), scrolled = 0;
  for (var m = 0; m < wide.length; m++) {
    if (wide[m].scrollWidth > wide[m].clientWidth + 1) {
      scrolled++;
      bad.push("scroll" + wide[m].scrollWidth + ">" + wide[m].clientWidth + ":" + wide[m].textContent.slice(0, 40));
    }
  }
  var out = document.createElement("pre");
  out.id = "probe";
  out.textContent = "PROBE width=" + window.innerWidth + " scrollWidth=" + document.documentElement.scrollWidth +
      " height=" + document.documentElement.scrollHeight + " svgs=" + svgs.length + " drawn=" + drawn +
      " errors=" + errors.length + " overflow=" + overflow + " clipped=" + clipped + " scrolled=" + scrolled +
      " kinds=" + Object.keys(kinds).sort().join(",") +
      " texts=" + bad.slice(0, 12).map(encodeURIComponent).join(",") + " END";
  document.body.appendChild(out);
});
</script>"""

# What the probe must catch, added to a copy of the page before </body>: a line 1,500 px wide,
# a heading clipped by its box, a chart text out of its chart, and a console.error.
BAD = ('<p style="white-space:nowrap;width:1500px">too wide</p>'
       '<h3 style="width:60px;white-space:nowrap;overflow:hidden">a heading far too long for its box</h3>'
       '<svg width="60" height="20"><text x="0" y="15">a text far too long for its chart</text></svg>'
       '<script>console.error("bad")</script>')


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


def write_bad(page, out):
    """Writes out, a copy of the (probed) page with BAD's faults before </body>."""
    with open(page, encoding="utf-8") as f:
        html = f.read()
    with open(out, "w", encoding="utf-8") as f:
        f.write(html.replace("</body>", BAD + "\n</body>"))
