"""Discord's payload limits, checked the way Discord checks them.

Why: a bot that only ever talks to a lenient fake could pass every test and
then fail in production with ``400 Invalid Form Body``.  Each function returns
a list of human-readable problems (empty when valid); the REST layer answers
400/50035 and records the problems as test failures.
"""

from __future__ import annotations

from typing import Any

from .state import FLAG_COMPONENTS_V2, iter_components

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_FILES = 10
DEFAULT_ATTACHMENT_LIMIT = 10 * 1024 * 1024

_BUTTON = 2
_SELECTS = (3, 5, 6, 7, 8)
_TEXT_INPUT = 4


def _check_len(problems: list[str], where: str, value: Any, limit: int) -> None:
    if isinstance(value, str) and len(value) > limit:
        problems.append(f"{where}: {len(value)} chars > {limit}")


def validate_embeds(embeds: Any) -> list[str]:
    problems: list[str] = []
    if not isinstance(embeds, list):
        return ["embeds: must be an array"]
    if len(embeds) > MAX_EMBEDS:
        problems.append(f"embeds: {len(embeds)} embeds > {MAX_EMBEDS}")
    total = 0
    for i, e in enumerate(embeds):
        w = f"embeds[{i}]"
        _check_len(problems, f"{w}.title", e.get("title"), 256)
        _check_len(problems, f"{w}.description", e.get("description"), 4096)
        fields = e.get("fields") or []
        if len(fields) > 25:
            problems.append(f"{w}.fields: {len(fields)} > 25")
        for j, f in enumerate(fields):
            _check_len(problems, f"{w}.fields[{j}].name", f.get("name"), 256)
            _check_len(problems, f"{w}.fields[{j}].value", f.get("value"), 1024)
            if not f.get("name") or not f.get("value"):
                problems.append(f"{w}.fields[{j}]: name and value are required")
            total += len(f.get("name") or "") + len(f.get("value") or "")
        footer = e.get("footer") or {}
        author = e.get("author") or {}
        _check_len(problems, f"{w}.footer.text", footer.get("text"), 2048)
        _check_len(problems, f"{w}.author.name", author.get("name"), 256)
        for part in (e.get("title"), e.get("description"), footer.get("text"), author.get("name")):
            total += len(part or "")
    if total > 6000:
        problems.append(f"embeds: {total} total characters > 6000")
    return problems


def _validate_select(problems: list[str], where: str, s: dict[str, Any]) -> None:
    _check_len(problems, f"{where}.placeholder", s.get("placeholder"), 150)
    max_values = s.get("max_values", 1)
    min_values = s.get("min_values", 1)
    if not 1 <= max_values <= 25:
        problems.append(f"{where}.max_values: {max_values} not in 1..25")
    if not 0 <= min_values <= 25 or min_values > max_values:
        problems.append(f"{where}.min_values: {min_values} invalid (max_values {max_values})")
    if s.get("type") == 3:
        options = s.get("options") or []
        if not 1 <= len(options) <= 25:
            problems.append(f"{where}.options: {len(options)} options, must be 1..25")
        if max_values > len(options) and options:
            problems.append(f"{where}.max_values: {max_values} > {len(options)} options")
        seen: set[str] = set()
        for k, o in enumerate(options):
            _check_len(problems, f"{where}.options[{k}].label", o.get("label"), 100)
            _check_len(problems, f"{where}.options[{k}].value", o.get("value"), 100)
            _check_len(problems, f"{where}.options[{k}].description", o.get("description"), 100)
            if not o.get("label") or not o.get("value"):
                problems.append(f"{where}.options[{k}]: label and value are required")
            if o.get("value") in seen:
                problems.append(f"{where}.options[{k}].value: duplicate {o.get('value')!r}")
            seen.add(o.get("value"))


def _validate_leaf(problems: list[str], where: str, c: dict[str, Any], ids: set[str]) -> None:
    cid = c.get("custom_id")
    if cid is not None:
        _check_len(problems, f"{where}.custom_id", cid, 100)
        if cid in ids:
            problems.append(f"{where}.custom_id: duplicate {cid!r}")
        ids.add(cid)
    t = c.get("type")
    if t == _BUTTON:
        _check_len(problems, f"{where}.label", c.get("label"), 80)
        style = c.get("style")
        if style == 5:
            if not c.get("url"):
                problems.append(f"{where}: link button needs a url")
        elif style != 6 and not cid:
            problems.append(f"{where}: button needs a custom_id")
        if not c.get("label") and not c.get("emoji"):
            problems.append(f"{where}: button needs a label or an emoji")
    elif t in _SELECTS:
        if not cid:
            problems.append(f"{where}: select needs a custom_id")
        _validate_select(problems, where, c)


def validate_components(components: Any, flags: int = 0) -> list[str]:
    """Check a message's component tree against Discord's limits."""
    problems: list[str] = []
    if not isinstance(components, list):
        return ["components: must be an array"]
    ids: set[str] = set()
    v2 = bool(flags & FLAG_COMPONENTS_V2)
    if v2:
        if len(iter_components(components)) > 40:
            problems.append("components: more than 40 components in a V2 message")
    elif len(components) > 5:
        problems.append(f"components: {len(components)} action rows > 5")
    for i, row in enumerate(components):
        where = f"components[{i}]"
        if not v2 and row.get("type") != 1:
            problems.append(f"{where}: top-level components must be action rows")
            continue
    for path, comp in _walk(components, "components"):
        if comp.get("type") == 1:
            children = comp.get("components") or []
            buttons = [c for c in children if c.get("type") == _BUTTON]
            selects = [c for c in children if c.get("type") in _SELECTS]
            if not children:
                problems.append(f"{path}: empty action row")
            if len(buttons) > 5:
                problems.append(f"{path}: {len(buttons)} buttons > 5 per row")
            if selects and len(children) > 1:
                problems.append(f"{path}: a select must be alone in its action row")
        else:
            _validate_leaf(problems, path, comp, ids)
    return problems


def _walk(components: list[dict[str, Any]], prefix: str) -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    for i, c in enumerate(components):
        path = f"{prefix}[{i}]"
        out.append((path, c))
        out.extend(_walk(c.get("components") or [], f"{path}.components"))
        for key in ("accessory", "component"):
            if isinstance(c.get(key), dict):
                out.extend(_walk([c[key]], f"{path}.{key}"))
    return out


def validate_message(
    payload: dict[str, Any],
    files: list[tuple[str, bytes]],
    *,
    attachment_limit: int = DEFAULT_ATTACHMENT_LIMIT,
    kept_bytes: int = 0,
    creating: bool = True,
) -> list[str]:
    """Validate a message create/edit body (JSON part) plus its uploaded files."""
    problems: list[str] = []
    flags = int(payload.get("flags") or 0)
    content = payload.get("content")
    if content is not None:
        if not isinstance(content, str):
            problems.append("content: must be a string")
        elif len(content) > MAX_CONTENT:
            problems.append(f"content: {len(content)} chars > {MAX_CONTENT}")
    if payload.get("embeds") is not None:
        problems += validate_embeds(payload["embeds"])
    if payload.get("components") is not None:
        problems += validate_components(payload["components"], flags)
    if flags & FLAG_COMPONENTS_V2 and (payload.get("content") or payload.get("embeds")):
        problems.append("flags: IS_COMPONENTS_V2 messages cannot have content or embeds")
    if len(files) > MAX_FILES:
        problems.append(f"files: {len(files)} files > {MAX_FILES}")
    total = kept_bytes + sum(len(data) for _, data in files)
    if total > attachment_limit:
        problems.append(f"attachments: {total} bytes > {attachment_limit} per message")
    if creating and not (
        payload.get("content")
        or payload.get("embeds")
        or payload.get("components")
        or files
        or payload.get("sticker_ids")
        or payload.get("poll")
    ):
        problems.append("Cannot send an empty message (50006)")
    return problems


def validate_choices(choices: Any) -> list[str]:
    problems: list[str] = []
    if not isinstance(choices, list):
        return ["choices: must be an array"]
    if len(choices) > 25:
        problems.append(f"choices: {len(choices)} > 25")
    for i, c in enumerate(choices):
        _check_len(problems, f"choices[{i}].name", c.get("name"), 100)
        if isinstance(c.get("value"), str):
            _check_len(problems, f"choices[{i}].value", c.get("value"), 100)
    return problems


def validate_modal(data: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    _check_len(problems, "title", data.get("title"), 45)
    _check_len(problems, "custom_id", data.get("custom_id"), 100)
    comps = data.get("components") or []
    if not 1 <= len(comps) <= 5:
        problems.append(f"components: {len(comps)} rows, must be 1..5")
    for path, c in _walk(comps, "components"):
        if c.get("type") == _TEXT_INPUT:
            _check_len(problems, f"{path}.label", c.get("label"), 45)
            _check_len(problems, f"{path}.custom_id", c.get("custom_id"), 100)
    return problems


def validate_command(data: dict[str, Any]) -> list[str]:
    """Application command registration limits (names, descriptions, options)."""
    import re

    problems: list[str] = []
    name = data.get("name", "")
    ctype = data.get("type", 1)
    if ctype == 1 and not re.fullmatch(r"[-_\w]{1,32}", name, flags=re.UNICODE):
        problems.append(f"command name {name!r} is invalid")
    if ctype == 1 and name != name.lower():
        problems.append(f"command name {name!r} must be lowercase")
    if ctype == 1:
        _check_len(problems, f"{name}.description", data.get("description"), 100)

    def walk(options: list[dict[str, Any]], where: str) -> None:
        if len(options) > 25:
            problems.append(f"{where}.options: {len(options)} > 25")
        for o in options:
            w = f"{where}.{o.get('name')}"
            if not re.fullmatch(r"[-_\w]{1,32}", o.get("name", ""), flags=re.UNICODE):
                problems.append(f"{w}: invalid option name")
            _check_len(problems, f"{w}.description", o.get("description"), 100)
            if len(o.get("choices") or []) > 25:
                problems.append(f"{w}.choices: more than 25")
            walk(o.get("options") or [], w)

    walk(data.get("options") or [], name)
    return problems
