"""No module of the bot imports itself back, however indirectly.

Every import counts: at the top, inside functions and under ``TYPE_CHECKING``
(a cycle that only the type checker sees still ties the modules into one
lump that cannot be understood, tested or moved alone).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    found = {_module_name(p): p for p in (ROOT / "cogs").rglob("*.py")}
    found["bot"] = ROOT / "bot.py"
    return found


def _imports(name: str, package: str, source: str, known: set[str]) -> set[str]:
    targets: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            targets.add(source)
            # ``from package import module`` imports the module
            targets.update(f"{source}.{alias.name}" for alias in node.names)
    return {t for t in targets if t in known and t != name}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _graph(sources: dict[str, tuple[str, str]]) -> dict[str, set[str]]:
    """Imports by module, from (package, source text) by module name."""
    known = set(sources)
    return {n: _imports(n, package, text, known) for n, (package, text) in sources.items()}


def test_the_cogs_import_no_module_back() -> None:
    sources = {
        name: (
            name if path.name == "__init__.py" else name.rpartition(".")[0],
            path.read_text(encoding="utf-8"),
        )
        for name, path in _modules().items()
    }
    assert _cycles(_graph(sources)) == []


def test_the_check_sees_a_cycle_hidden_under_type_checking() -> None:
    sources = {
        "g.a": ("g", "from .b import B\n"),
        "g.b": ("g", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import c\n"),
        "g.c": ("g", "def f():\n    from g.a import A\n"),
        "g.d": ("g", "import g.a\n"),
    }
    assert _cycles(_graph(sources)) == [["g.a", "g.b", "g.c"]]


def test_no_module_of_the_table_runtime_grows_into_one_big_object() -> None:
    """The runtime is split by what it does (session, lobby, table message,
    private messages, clicks, server features); each part stays readable."""
    longest = 520
    sizes = {
        path.name: len(path.read_text(encoding="utf-8").splitlines())
        for path in (ROOT / "cogs" / "table").glob("*.py")
    }
    assert {name: n for name, n in sizes.items() if n > longest} == {}


def test_the_table_session_and_its_ports_use_no_discord() -> None:
    """The session core runs against its ports, not Discord: none of its modules
    imports discord or the Discord services (the refusal class it raises,
    ``cogs.replies.UserFacingError``, is the one tie, through that module)."""
    core = ["session", "ports", "records", "models", "snapshot", "manifest", "computers"]
    discordish = {"discord", "cogs.table.runtime", "cogs.table.views", "cogs.table.context"}
    known = set(_modules())
    for name in core:
        path = ROOT / "cogs" / "table" / f"{name}.py"
        imported = _imports(f"cogs.table.{name}", "cogs.table", path.read_text("utf-8"), known)
        tree = ast.parse(path.read_text("utf-8"))
        roots = {
            alias.name.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        } | {
            (node.module or "").split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and not node.level
        }
        assert not (roots | imported) & discordish, name
