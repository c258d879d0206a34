"""Text that Office files keep in DrawingML parts rather than in their body: charts, SmartArt
diagrams and the shapes/text boxes of a spreadsheet drawing. Shared by the DOCX, PPTX and XLSX
extractors.

Why it exists: a Word document whose only content is a chart, a slide whose text is a SmartArt
diagram, or a sheet whose note sits in a text box has text a reader must not call "no text";
those parts are separate XML files reached through relationships, not part of the body.

Invariants: every function takes an already parsed part (the caller parsed it with
``detect.safe_xml`` after ``zipcheck.scan_xml_parts`` passed the package) and never opens
anything else; elements are matched by local name (Transitional and Strict namespaces alike);
a chart shows at most :data:`MAX_CHART_POINTS` categories and says when it shows fewer.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element

from parley.infrastructure.attachments.extractors.common import _local, md_escape, md_table

MAX_CHART_POINTS = 100
"""Categories (table columns) shown per chart; a chart with more says how many it has."""


def _val(el: Element) -> str:
    for key, value in el.attrib.items():
        if _local(key) == "val":
            return value
    return ""


def paragraphs(el: Element) -> list[str]:
    """The DrawingML paragraphs (``a:p``) under ``el``, each as one line of its runs' text
    (``a:t``; ``a:br`` as a line break), blank ones dropped."""
    lines: list[str] = []
    for p in el.iter():
        if _local(p.tag) != "p":
            continue
        parts: list[str] = []
        for node in p.iter():
            tag = _local(node.tag)
            if tag == "t" and node.text:
                parts.append(node.text)
            elif tag == "br":
                parts.append("\n")
            elif tag == "tab":
                parts.append("\t")
        line = "".join(parts).strip()
        if line:
            lines.append(line)
    return lines


def _cache_points(ref: Element | None) -> list[str]:
    """The cached values of a ``strRef``/``numRef``/``strLit``/``numLit``/``multiLvlStrRef``, in
    index order (a multi-level category keeps its first level)."""
    if ref is None:
        return []
    points: dict[int, str] = {}
    for pt in ref.iter():
        if _local(pt.tag) != "pt":
            continue
        idx_text = pt.get("idx", "")
        idx = int(idx_text) if idx_text.isdigit() else len(points)
        if idx in points:  # a deeper level of a multi-level category: the first one wins
            continue
        value = next((c.text or "" for c in pt if _local(c.tag) == "v"), "")
        points[idx] = value
    if not points:
        return []
    width = min(max(points) + 1, 100_000)
    return [points.get(i, "") for i in range(width)]


def _number(text: str) -> str:
    """A cached chart number as Excel would show it in General format (``5.0`` → ``5``)."""
    try:
        value = float(text)
    except ValueError:
        return text
    if value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return f"{value:.10g}"


def _child(el: Element, local: str) -> Element | None:
    return next((c for c in el if _local(c.tag) == local), None)


def _first(el: Element, *locals_: str) -> Element | None:
    """The first child of ``el`` named by one of ``locals_``, tried in that order."""
    for local in locals_:
        found = _child(el, local)
        if found is not None:
            return found
    return None


def chart_text(root: Element) -> str:
    """A chart part (``c:chartSpace``) as ``Chart: title`` and one Markdown table per plot:
    a header of categories, then one row per series (its name, then its values)."""
    chart = next((el for el in root.iter() if _local(el.tag) == "chart"), None)
    if chart is None:
        return ""
    title_el = _child(chart, "title")
    title = " ".join(paragraphs(title_el)) if title_el is not None else ""
    out = [f"Chart: {title}" if title else "Chart:"]
    plot_area = _child(chart, "plotArea")
    for plot in plot_area if plot_area is not None else []:
        if not _local(plot.tag).endswith("Chart"):
            continue
        categories: list[str] = []
        rows: list[list[str]] = []
        for ser in plot:
            if _local(ser.tag) != "ser":
                continue
            tx = _child(ser, "tx")
            name = ""
            if tx is not None:
                name = " ".join(_cache_points(tx)) or " ".join(paragraphs(tx))
            cat = _first(ser, "cat", "xVal")
            val = _first(ser, "val", "yVal")
            if cat is not None and not categories:
                categories = _cache_points(cat)
            values = [_number(v) for v in _cache_points(val)]
            rows.append([md_escape(name.strip()), *values])
        if not rows:
            continue
        width = max(len(categories), *(len(r) - 1 for r in rows))
        shown = min(width, MAX_CHART_POINTS)
        header = ["", *[md_escape(c) for c in categories[:shown]]]
        table = md_table([header, *[r[: shown + 1] for r in rows]])
        if width > shown:
            table += f"\n\n[… only the first {shown} of {width:,} chart categories are shown]"
        out.append(table)
    return "\n\n".join(out) if len(out) > 1 or title else ""


def diagram_text(root: Element) -> str:
    """A SmartArt data part (``dgm:dataModel``): the text of each node, one ``- `` line each
    (connector, document and presentation points carry no text of their own and are skipped)."""
    lines: list[str] = []
    for pt in root.iter():
        if _local(pt.tag) != "pt" or pt.get("type", "node") not in ("node", "asst"):
            continue
        body = _child(pt, "t")
        if body is None:
            continue
        text = " ".join(paragraphs(body))
        if text:
            lines.append(f"- {text}")
    return "\n".join(lines)


def drawing_shapes_text(root: Element) -> list[str]:
    """The text of each shape or text box in a spreadsheet drawing (``xdr:sp`` with a
    ``txBody``, grouped shapes included), one entry per shape, in document order."""
    out: list[str] = []
    for sp in root.iter():
        if _local(sp.tag) != "sp":
            continue
        body = next((c for c in sp.iter() if _local(c.tag) == "txBody"), None)
        if body is None:
            continue
        lines = paragraphs(body)
        if lines:
            out.append("\n".join(lines))
    return out
