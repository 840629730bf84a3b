"""HTML read the way a test needs it, without a browser: a tree of elements
from `html.parser`, refusing markup whose tags do not nest, and a few ways
to find elements by tag, id, class and attributes."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
"""Elements that have no end tag."""
SVG_SELF_CLOSED = frozenset({"rect", "line", "circle", "path", "polygon", "polyline", "ellipse", "stop", "use"})


class MalformedHtml(AssertionError):
    """Tags that do not nest."""


@dataclass
class Element:
    tag: str
    attrs: dict[str, str | None]
    children: list[Element | str] = field(default_factory=list, repr=False)

    def iter(self) -> Iterator[Element]:
        """This element and every element inside it, in document order."""
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.iter()

    def find_all(self, tag: str | None = None, class_: str | None = None, **attrs: str | bool) -> list[Element]:
        """Elements inside (this one included) of `tag` with class `class_`,
        and each attribute equal to the given text (True: present at all).
        Attribute names are written with _ for -: data_move for data-move."""
        wanted = {name.replace("_", "-"): value for name, value in attrs.items()}
        found = []
        for element in self.iter():
            if tag is not None and element.tag != tag:
                continue
            if class_ is not None and class_ not in (element.attrs.get("class") or "").split():
                continue
            if all(
                (name in element.attrs) if value is True else element.attrs.get(name) == value
                for name, value in wanted.items()
            ):
                found.append(element)
        return found

    def one(self, tag: str | None = None, class_: str | None = None, **attrs: str | bool) -> Element:
        """The one element `find_all` finds; AssertionError if none or several."""
        found = self.find_all(tag, class_, **attrs)
        assert len(found) == 1, f"{len(found)} elements {tag or ''}.{class_ or ''}{attrs}"
        return found[0]

    def by_id(self, identifier: str) -> Element:
        return self.one(id=identifier)

    def has(self, tag: str | None = None, class_: str | None = None, **attrs: str | bool) -> bool:
        return bool(self.find_all(tag, class_, **attrs))

    @property
    def text(self) -> str:
        """The text inside, its whitespace collapsed."""
        parts: list[str] = []

        def collect(element: Element) -> None:
            for child in element.children:
                if isinstance(child, str):
                    parts.append(child)
                else:
                    collect(child)

        collect(self)
        return " ".join("".join(parts).split())


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, dict(attrs))
        self.stack[-1].children.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID and tag not in SVG_SELF_CLOSED:
            raise MalformedHtml(f"<{tag}/> closes itself, which HTML does not allow")
        self.stack[-1].children.append(Element(tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            raise MalformedHtml(f"</{tag}> ends an element that has no end tag")
        if len(self.stack) == 1 or self.stack[-1].tag != tag:
            raise MalformedHtml(f"</{tag}> where <{self.stack[-1].tag}> is open (line {self.getpos()[0]})")
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse_html(text: str) -> Element:
    """The document or fragment as a tree; MalformedHtml where tags do not nest
    or are left open."""
    builder = _TreeBuilder()
    builder.feed(text)
    builder.close()
    if len(builder.stack) != 1:
        raise MalformedHtml(f"left open: {' > '.join(e.tag for e in builder.stack[1:])}")
    return builder.root
