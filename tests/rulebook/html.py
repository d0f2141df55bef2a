"""Reading the rule pages' HTML in tests: the text of a page, its facts by key and its worked
examples, with the standard library's HTML parser (no test reads a regular expression's idea
of HTML)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Hand:
    """One hand of a rendered example: label, card codes ("AS"), the total as shown, the
    data-total/data-soft attributes, the outcome label and the net text."""

    label: str = ""
    cards: list[str] = field(default_factory=list)
    total_text: str = ""
    total: int | None = None
    soft: bool | None = None
    outcome: str = ""
    net: str = ""
    extra: str = ""


@dataclass
class Example:
    key: str
    title: str = ""
    hands: list[Hand] = field(default_factory=list)
    caption: str = ""


class _Page(HTMLParser):
    """Collects the visible text, the facts (data-fact) and the examples (data-example)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.facts: dict[str, list[str]] = {}
        self.examples: list[Example] = []
        self.counting: list[Hand] = []
        self._stack: list[tuple[str, str | None]] = []  # (tag, what it collects)
        self._skip = 0
        self._example: Example | None = None
        self._hand: Hand | None = None
        self._fact: str | None = None
        self._buffer: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        role = None
        if tag in ("script", "style"):
            self._skip += 1
        if "data-fact" in a:
            self._fact, role = a["data-fact"], "fact"
            self._buffer = []
        elif "data-example" in a:
            self._example, role = Example(key=a["data-example"] or ""), "example"
        elif "example-hand" in classes:
            self._hand, role = Hand(), "hand"
        elif "count-hand" in classes:
            self._hand, role = Hand(), "count"
        elif "data-card" in a and self._hand is not None:
            self._hand.cards.append(a["data-card"] or "")
        elif "data-total" in a and self._hand is not None:
            self._hand.total = int(a["data-total"] or 0)
            self._hand.soft = a.get("data-soft") == "true"
            role = "total_text"
        else:
            role = self._text_role(classes)
        if role in ("total_text", "label", "outcome", "net", "extra", "title", "caption"):
            self._buffer = []
        if tag not in ("br", "img", "input", "meta", "link"):
            self._stack.append((tag, role))

    # The text parts of a hand and of an example, by their element's class.
    HAND_TEXT = {"hand-label": "label", "badge": "outcome", "net": "net", "extra": "extra"}
    EXAMPLE_TEXT = {"example-title": "title", "example-caption": "caption"}

    def _text_role(self, classes: list[str]) -> str | None:
        """The role of an element whose text is a part of the hand or example being read."""
        for names, within in ((self.HAND_TEXT, self._hand), (self.EXAMPLE_TEXT, self._example)):
            if within is None:
                continue
            for css, role in names.items():
                if css in classes:
                    return role
        return None

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1
        while self._stack:
            open_tag, role = self._stack.pop()
            if open_tag == tag:
                break
        else:
            return
        text = " ".join("".join(self._buffer).split())
        if role == "fact" and self._fact is not None:
            self.facts.setdefault(self._fact, []).append(text)
            self._fact = None
        elif role == "example" and self._example is not None:
            self.examples.append(self._example)
            self._example = None
        elif role == "hand" and self._hand is not None and self._example is not None:
            self._example.hands.append(self._hand)
            self._hand = None
        elif role == "count" and self._hand is not None:
            self.counting.append(self._hand)
            self._hand = None
        elif role in ("total_text", "label", "outcome", "net", "extra") and self._hand:
            setattr(self._hand, role, text)
        elif role in ("title", "caption") and self._example is not None:
            setattr(self._example, role, text)

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        self.text.append(data)
        self._buffer.append(data)


@dataclass
class Page:
    text: str
    facts: dict[str, list[str]]
    examples: dict[str, Example]
    counting: list[Hand]

    def fact(self, key: str) -> str:
        """The one fact with this key (a test fails if there are none or several)."""
        found = self.facts.get(key, [])
        assert len(found) == 1, f"expected one fact {key!r}, found {found}"
        return found[0]


def read_page(html: str) -> Page:
    parser = _Page()
    parser.feed(html)
    parser.close()
    text = re.sub(r"\s+", " ", "".join(parser.text))
    return Page(
        text=text,
        facts=parser.facts,
        examples={e.key: e for e in parser.examples},
        counting=parser.counting,
    )
