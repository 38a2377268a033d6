"""What a screen reader hears of a page, read from Chromium's own accessibility tree (the tree
NVDA, TalkBack and VoiceOver read), through the DevTools protocol: this Playwright has no
`page.accessibility`. And what the page's live regions said, logged as they change."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page


def speak_in(page: Page, language: str) -> None:
    """This phone's language, as the switcher at the foot of every page sets it (the page must
    be open at the server already)."""
    origin = "/".join(page.url.split("/")[:3])
    page.context.add_cookies([{"name": "lang", "value": language, "url": origin + "/"}])


def accessibility_tree(page: Page) -> list[dict[str, Any]]:
    """Every node of the page's accessibility tree, as Chromium reports it."""
    session = page.context.new_cdp_session(page)
    try:
        nodes: list[dict[str, Any]] = session.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        session.detach()
    return nodes


def role_of(node: dict[str, Any]) -> str:
    """A node's role ("radio", "cell", "StaticText"…)."""
    return str(node.get("role", {}).get("value", ""))


def name_of(node: dict[str, Any]) -> str:
    """A node's accessible name: what a reader says of it."""
    return str(node.get("name", {}).get("value", ""))


def spoken_names(page: Page, *, with_empty: bool = False) -> list[tuple[str, str]]:
    """Every (role, name) of the nodes a reader meets (not ignored), in the tree's order."""
    return [
        (role_of(node), name_of(node))
        for node in accessibility_tree(page)
        if not node.get("ignored") and (with_empty or name_of(node))
    ]


def words_read(page: Page, selector: str) -> str:
    """The words a reader reads inside the element `selector`, in order (its text nodes'
    names in the accessibility tree: what is hidden from the reader is not among them)."""
    nodes = accessibility_tree(page)
    by_id = {node["nodeId"]: node for node in nodes}
    marked = page.evaluate(
        "s => { const el = document.querySelector(s); el.dataset.heardHere = '1'; return true; }",
        selector,
    )
    assert marked
    session = page.context.new_cdp_session(page)
    try:
        root = session.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        found = session.send("DOM.querySelector", {"nodeId": root, "selector": selector})
        backend = session.send("DOM.describeNode", {"nodeId": found["nodeId"]})["node"]
    finally:
        session.detach()
    start = next(n for n in nodes if n.get("backendDOMNodeId") == backend["backendNodeId"])
    words: list[str] = []

    def walk(node: dict[str, Any]) -> None:
        if role_of(node) in ("StaticText", "text") and not node.get("ignored"):
            words.append(name_of(node))
        for child in node.get("childIds", []):
            if child in by_id:
                walk(by_id[child])

    walk(start)
    # One text node after another, as a reader goes on; no space before a comma or a stop.
    return re.sub(r" ([,.;:])", r"\1", " ".join(" ".join(words).split()))


LOG_LIVE_REGIONS = """() => {
  window.heardLog = [];
  document.querySelectorAll('[aria-live], [role=status], [role=alert]').forEach(region => {
    new MutationObserver(() => {
      const text = region.textContent.replace(/\\s+/g, ' ').trim();
      if (text) window.heardLog.push([region.id, text]);
    }).observe(region, {childList: true, subtree: true, characterData: true});
  });
}"""


def log_live_regions(page: Page) -> None:
    """Start logging every text the page's live regions take (each with its region's id)."""
    page.evaluate(LOG_LIVE_REGIONS)


def live_log(page: Page) -> list[tuple[str, str]]:
    """What the live regions said since `log_live_regions`, in order: (region, words)."""
    return [(region, words) for region, words in page.evaluate("() => window.heardLog || []")]
