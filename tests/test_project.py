"""Project-wide invariants: migrations are up to date and the engine stays free of Django."""

import ast
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

REPO_ROOT = Path(__file__).resolve().parent.parent
ENGINE_DIR = REPO_ROOT / "game" / "engine"
ENGINE_PACKAGE = "game.engine"

# The engine sits below everything else (engine <- review <- game, drills): it may import
# neither Django nor the Django-side packages of this project.
FORBIDDEN_ROOTS = ("django", "trainer")


@pytest.mark.django_db
def test_models_have_migrations() -> None:
    out = StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exit_:
        if exit_.code:
            pytest.fail(
                f"Models changed without a migration (run makemigrations):\n{out.getvalue()}"
            )
        raise


def _module_package(path: Path) -> list[str]:
    """Dotted package (as parts) that relative imports in `path` are resolved against."""
    parts = list(path.relative_to(REPO_ROOT).with_suffix("").parts)
    return parts if path.name == "__init__.py" else parts[:-1]


def _forbidden_import(module: str) -> bool:
    root = module.split(".")[0]
    if root in FORBIDDEN_ROOTS:
        return True
    # Importing game.* outside game.engine reaches the Django app.
    return root == "game" and not (module == ENGINE_PACKAGE or module.startswith("game.engine."))


def _engine_violations(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    rel = path.relative_to(REPO_ROOT)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = _module_package(path)
                base = package[: len(package) - (node.level - 1)]
                modules = [".".join([*base, node.module] if node.module else base)]
            else:
                modules = [node.module or ""]
            # `from game import engine` is fine, `from game import models` is not.
            if modules == ["game"]:
                modules = [f"game.{alias.name}" for alias in node.names]
        else:
            continue
        found.extend(
            f"{rel}:{node.lineno} imports {module}"
            for module in modules
            if _forbidden_import(module)
        )
    return found


def test_engine_imports_nothing_from_django() -> None:
    files = sorted(ENGINE_DIR.rglob("*.py"))
    assert files, f"no Python files found under {ENGINE_DIR.relative_to(REPO_ROOT)}/"
    violations = [v for path in files for v in _engine_violations(path)]
    assert not violations, "game/engine/ must stay pure Python:\n" + "\n".join(violations)
